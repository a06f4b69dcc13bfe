package org.dbstudy.cli.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.study.Study;
import org.dbstudy.vocabulary.RunFolder;

/**
 * The main job's logging checked after its cells: JMeter logs at INFO to one file per cell, and no
 * logging jar that JMeter does not ship reached its home. A logback or SLF4J 2 jar in {@code lib} takes
 * over JMeter's log4j2 set-up: DEBUG floods the console (tens of thousands of lines in {@code mvn
 * verify}) and no log file is written. Those are the two things checked, since the console itself is
 * Maven's and cannot be read from here.
 */
final class JMeterLogCheck {
    /** Logging jars JMeter 5.6.3 does not ship; any of them in lib replaces its log4j2 binding. */
    private static final Pattern FOREIGN_LOGGING = Pattern.compile(
            "(logback-.*|slf4j-api-2\\..*|slf4j-simple-.*|slf4j-reload4j-.*|log4j-slf4j2-impl-.*)\\.jar");
    /** A log4j2 line of JMeter's layout: "2024-01-01 12:00:00,000 DEBUG o.a.j.…". */
    private static final Pattern DEBUG_LINE = Pattern.compile("^\\S+ \\S+ DEBUG .*");

    private JMeterLogCheck() {
    }

    /** One line per problem; empty when every cell has a log without DEBUG lines and lib is clean. */
    static List<String> problems(Study study, Path logsDir, Path jmeterHome) throws IOException {
        List<String> problems = new ArrayList<>();
        if (jmeterHome != null && Files.isDirectory(jmeterHome.resolve("lib"))) {
            try (Stream<Path> jars = Files.list(jmeterHome.resolve("lib"))) {
                jars.map(p -> p.getFileName().toString()).filter(n -> FOREIGN_LOGGING.matcher(n).matches()).sorted()
                        .forEach(n -> problems.add(jmeterHome.resolve("lib").resolve(n)
                                + " is not JMeter's and takes over its logging"));
            }
        }
        for (Cell cell : study.cells()) {
            String plan = cell.planFile().substring(cell.planFile().lastIndexOf('/') + 1);
            Path log = logOf(logsDir, plan);
            if (log == null) {
                problems.add("no JMeter log for " + plan + " in " + logsDir);
                continue;
            }
            long debug;
            try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
                debug = lines.filter(l -> DEBUG_LINE.matcher(l).matches()).count();
            }
            if (debug > 0) {
                problems.add(log + " has " + debug + " DEBUG lines (JMeter logs at INFO)");
            }
        }
        return problems;
    }

    /** jmeter-maven-plugin names the log after the plan ({@code plan.jmx.log}); a non-empty one. */
    private static Path logOf(Path logsDir, String plan) throws IOException {
        for (String name : List.of(plan + ".log", RunFolder.base(plan) + ".log")) {
            Path p = logsDir.resolve(name);
            if (Files.isRegularFile(p) && Files.size(p) > 0) {
                return p;
            }
        }
        return null;
    }
}
