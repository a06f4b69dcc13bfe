package org.dbstudy.cli.maven;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.cli.ClaimVerdicts;
import org.dbstudy.cli.Main;
import org.dbstudy.cli.jmeter.JMeterHomeOptions;
import org.dbstudy.cli.run.RunRequest;
import org.dbstudy.cli.run.StudyRequest;
import org.dbstudy.vocabulary.RunFolder;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.files.FileTrees;
import org.dbstudy.vocabulary.files.ReportFiles;

/**
 * The steps of {@code mvn verify}'s main job (see src/test/pom.xml), each a process Maven starts:
 * <ol>
 * <li>jmeter-maven-plugin's {@code configure} goal assembles a JMeter 5.6.3 home from Maven Central
 * (the JDBC drivers in {@code lib}) and names it in {@code config.json};</li>
 * <li>{@code install-plugin}: puts the freshly built dbstudy plugin into that home's {@code lib/ext};</li>
 * <li>{@code run}: runs the study with that home as {@code bin/dbstudy run} does (the same command:
 * {@link org.dbstudy.cli.run.StudyPipeline} with {@link org.dbstudy.cli.run.StudyRunner}, so both runners take the cells in manifest.csv order,
 * replicates and a shuffled order included, with the study's rest and server settings per cell), then
 * checks JMeter's logging, that every cell has samples, that the cells started in manifest order and
 * that every expectation of the study file holds (a paper's claims are reported, never fail the build),
 * and prints the claims' verdicts and the report's path.</li>
 * </ol>
 * jmeter-maven-plugin's own {@code jmeter} goal is not used: it runs the plans of a folder in the order
 * the file system lists them (its DirectoryScanner does not sort), which is neither the design's order
 * nor a study's seeded shuffle.
 */
public final class MavenStudy {
    private MavenStudy() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            throw new IllegalArgumentException("usage: MavenStudy install-plugin CONFIG_JSON PLUGIN_JAR"
                    + " | run OUT_DIR CONFIG_JSON STUDY DB [URL USER DURATION MONITOR REMOTE]");
        }
        switch (args[0]) {
            case "install-plugin" -> installPlugin(Path.of(args[1]), Path.of(args[2]));
            case "run" -> System.exit(run(Path.of(args[1]).toAbsolutePath(), Path.of(args[2]), List.of(args).subList(3, args.length)));
            default -> throw new IllegalArgumentException("unknown step " + args[0]);
        }
    }

    /**
     * run OUT CONFIG_JSON STUDY DB [URL USER DURATION MONITOR REMOTE]: blank values and unresolved
     * {@code ${…}} (a property not given to Maven) are left out. Returns the exit status.
     */
    static int run(Path out, Path configJson, List<String> values) throws Exception {
        Path home = jmeterHomeOf(configJson);
        // Build output of the last build: this build's samples alone are analysed and checked.
        FileTrees.delete(out);
        RunRequest request = request(out, home, values);
        System.out.println("[dbstudy] bin/dbstudy " + String.join(" ", request.words()));
        int status = Main.run(request);
        if (status != 0) {
            return status;
        }
        List<String> problems = checks(out, home);
        if (!problems.isEmpty()) {
            problems.forEach(p -> System.err.println("[dbstudy] " + p));
            return 1;
        }
        System.out.println("[dbstudy] cells ran in manifest.csv order; every cell has samples; JMeter logged at INFO to "
                + out.resolve(RunFolder.LOGS));
        System.out.println("[dbstudy] report: " + out.resolve(RunFolder.REPORT).resolve(ReportFiles.INDEX));
        return 0;
    }

    /**
     * The run of STUDY DB [URL USER DURATION MONITOR REMOTE] into {@code out} with the JMeter home {@code home}:
     * a value that is blank or an unresolved {@code ${…}} is left out, as that option is on the command line.
     */
    public static RunRequest request(Path out, Path home, List<String> values) {
        String study = given(values, 0);
        String db = given(values, 1);
        if (study == null || db == null) {
            throw new IllegalArgumentException("MavenStudy run: give STUDY and DB (the properties study and db)");
        }
        String duration = given(values, 4);
        String remote = given(values, 6);
        return RunRequest.of(StudyRequest.of(study).withDuration(duration == null ? null : Long.valueOf(duration)), db, out)
                .withConnection(new RunRequest.Connection(given(values, 2), given(values, 3), null))
                .withMonitor(new RunRequest.Monitor(given(values, 5), null, null))
                .withRemote(remote == null ? List.of() : List.of(remote.split(",")))
                .withJMeter(JMeterHomeOptions.Choice.home(home));
    }

    /** The value at {@code index}, or null when it is missing, blank, or a property Maven was not given. */
    private static String given(List<String> values, int index) {
        String value = index < values.size() ? values.get(index) : null;
        return value == null || value.isBlank() || value.startsWith("${") ? null : value;
    }

    /** What a finished main job must show: JMeter's logging as bin/dbstudy has it, samples in every cell, manifest order. */
    static List<String> checks(Path out, Path jmeterHome) throws IOException, CsvFileException, org.dbstudy.generator.design.StudyFileException {
        // The effective study as it was rendered, so a study file or overrides are honoured too.
        Study study = Studies.load(out.resolve(RunFolder.STUDY).toString());
        List<String> problems = new ArrayList<>(JMeterLogCheck.problems(study, out.resolve(RunFolder.LOGS), jmeterHome));
        List<String> missing = cellsWithoutSamples(study, out.resolve(RunFolder.REPORT).resolve(ReportFiles.SUMMARY));
        if (!missing.isEmpty()) {
            problems.add("cells without samples: " + missing + "; see " + out.resolve(RunFolder.RESULTS));
        }
        problems.addAll(RunOrder.problems(out.resolve(RunFolder.MANIFEST), out.resolve(RunFolder.RESULTS), ".jtl"));
        problems.addAll(incompleteHome(out.resolve(RunFolder.LOGS)));
        problems.addAll(ClaimVerdicts.buildFailures(out.resolve(RunFolder.REPORT)));
        return problems;
    }

    /** JMeter's SaveService names the modules a home lacks when it starts (e.g. HTTP's converters): none may be missing. */
    static List<String> incompleteHome(Path logs) throws IOException {
        List<String> problems = new ArrayList<>();
        if (!Files.isDirectory(logs)) {
            return problems;
        }
        try (Stream<Path> files = Files.list(logs)) {
            for (Path log : files.filter(RunFolder::isJMeterLog).sorted().toList()) {
                try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
                    lines.filter(l -> l.contains(MISSING_MODULE)).findFirst()
                            .ifPresent(l -> problems.add(log + ": " + l.substring(l.indexOf(MISSING_MODULE))));
                }
            }
        }
        return problems;
    }

    /** What JMeter logs when a class its saveservice.properties names is not in the home. */
    static final String MISSING_MODULE = "Can't register a converter";

    /**
     * install-plugin CONFIG_JSON PLUGIN_JAR: jmeter-maven-plugin cannot resolve a plugin built in the
     * same reactor by its coordinates (before {@code install}), so the jar goes into the configured
     * JMeter home's lib/ext directly, replacing an older build's.
     */
    private static void installPlugin(Path configJson, Path pluginJar) throws IOException {
        if (!Files.isRegularFile(pluginJar)) {
            throw new IllegalStateException("the dbstudy plugin is not built: " + pluginJar);
        }
        Path home = jmeterHomeOf(configJson);
        Path ext = home.resolve("lib").resolve("ext");
        Files.copy(pluginJar, ext.resolve(pluginJar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
        System.out.println("[dbstudy] plugin " + pluginJar.getFileName() + " -> " + ext);
        // The plugin names the launcher after its version; JMeter's distribution, and so dbstudy, call it ApacheJMeter.jar.
        Path launcher = home.resolve("bin").resolve("ApacheJMeter.jar");
        if (!Files.exists(launcher)) {
            Files.copy(home.resolve("bin").resolve(configValue(configJson, "runtimeJarName")), launcher);
        }
    }

    /** The JMeter home jmeter-maven-plugin's configure goal built, named in the config.json it writes. */
    static Path jmeterHomeOf(Path configJson) throws IOException {
        return Path.of(configValue(configJson, "jmeterDirectoryPath"));
    }

    /** A string value of the config.json the configure goal writes (its first configuration's). */
    private static String configValue(Path configJson, String key) throws IOException {
        String json = Files.readString(configJson, StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("\"" + key + "\"\\s*:\\s*\"([^\"]+)\"").matcher(json);
        if (!m.find()) {
            throw new IllegalStateException("no " + key + " in " + configJson);
        }
        return m.group(1);
    }

    /** The manifest cells whose row in summary.csv is missing or counts no samples. */
    static List<String> cellsWithoutSamples(Study study, Path summaryCsv) throws IOException, CsvFileException {
        Map<String, Long> counts = new java.util.HashMap<>();
        for (CsvTable.Row row : CsvTable.read(summaryCsv, "cell", "samples").rows()) {
            counts.put(row.get("cell"), Long.parseLong(row.get("samples")));
        }
        return study.cells().stream().map(Cell::id).distinct().filter(id -> counts.getOrDefault(id, 0L) == 0).toList();
    }
}
