package org.dbstudy.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.dbstudy.analysis.AnalysisOptions;
import org.dbstudy.analysis.AnalysisReport;
import org.dbstudy.analysis.Analyzer;
import org.dbstudy.generator.Cell;
import org.dbstudy.generator.PlanGenerator;
import org.dbstudy.generator.Studies;
import org.dbstudy.generator.Study;
import org.dbstudy.generator.Target;

/**
 * The steps of {@code mvn verify} around jmeter-maven-plugin (see src/test/pom.xml):
 * <ol>
 * <li>{@code reset}: clears the signal files of an earlier build;</li>
 * <li>{@code serve} (a background process): starts the embedded database when asked, renders the
 * study's plans with that database as their default connection, says {@code ready}, and keeps the
 * database up until {@code finish} asks it to stop;</li>
 * <li>{@code await}: waits for {@code ready} before JMeter starts;</li>
 * <li>{@code finish}: stops the database, analyses the results and checks every cell has samples.</li>
 * </ol>
 * Errors are thrown, not {@code System.exit}ed: exec:java runs inside Maven.
 */
public final class MavenStudy {
    private MavenStudy() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: MavenStudy serve|await|finish OUT_DIR [options]");
        }
        Path out = Path.of(args[1]).toAbsolutePath();
        switch (args[0]) {
            case "reset" -> reset(out, Path.of(args[2]));
            case "serve" -> serve(out, args[2], args[3], blankToNull(args[4]), blankToNull(args[5]), blankToNull(args[6]));
            case "await" -> await(out);
            case "install-plugin" -> installPlugin(Path.of(args[1]), Path.of(args[2]));
            case "finish" -> finish(out, Path.of(args[2]));
            default -> throw new IllegalArgumentException("unknown step " + args[0]);
        }
    }

    /** serve OUT STUDY DB URL USER DURATION */
    private static void serve(Path out, String studyName, String db, String url, String user, String duration)
            throws Exception {
        EmbeddedTarget embedded = null;
        try {
            String dialect = Targets.dialectOf(db);
            Study study = Studies.load(studyName).withOverrides(Map.of(),
                    duration == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(duration))).forDialect(dialect);
            ConnectionSettings connection;
            if (Targets.embedded(db)) {
                embedded = EmbeddedTarget.start(db.toLowerCase(Locale.ROOT), 0, study.serverSettings(dialect));
                connection = embedded.settings();
            } else {
                Target target = study.targets().get(0);
                connection = new ConnectionSettings(dialect, url != null ? url : target.url(),
                        user != null ? user : target.user(), "");
            }
            List<String> problems = Preflight.problems(study, connection, List.of());
            if (!problems.isEmpty()) {
                throw new UserError(String.join("; ", problems));
            }
            study = study.withConnection(connection.url(), connection.user());
            PlanGenerator.write(study, out);
            EnvironmentCapture.write(out.resolve("environment.json"),
                    EnvironmentCapture.capture(connection, study.name(), db, List.of(), JMeterHome.locate()));
            Files.writeString(out.resolve("ready"), connection + "\n");
            System.out.println("[dbstudy] " + study.cells().size() + " plans of study " + study.name() + " for " + connection);
            final EmbeddedTarget toStop = embedded;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> closeQuietly(toStop)));
            while (!Files.exists(out.resolve("stop"))) {
                Thread.sleep(200);
            }
        } catch (Exception | Error e) {
            Files.writeString(out.resolve("failed"), String.valueOf(e.getMessage()) + "\n");
            throw e;
        } finally {
            closeQuietly(embedded);
            Files.writeString(out.resolve("stopped"), "");
        }
    }

    /**
     * reset OUT RESULTS_DIR: clears the signals and results of an earlier build before 'serve' starts
     * in the background, so that only this build's samples are analysed.
     */
    private static void reset(Path out, Path results) throws IOException {
        Files.createDirectories(out);
        for (String signal : List.of("ready", "stop", "failed", "stopped")) {
            Files.deleteIfExists(out.resolve(signal));
        }
        if (Files.isDirectory(results)) {
            try (var files = Files.list(results)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    private static void await(Path out) throws Exception {
        long deadline = System.nanoTime() + 300_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (Files.exists(out.resolve("failed"))) {
                throw new IllegalStateException("the study could not start: " + Files.readString(out.resolve("failed")).trim());
            }
            if (Files.exists(out.resolve("ready"))) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("the database did not become ready within 300 s (see the build log above)");
    }

    /**
     * install-plugin CONFIG_JSON PLUGIN_JAR: jmeter-maven-plugin cannot resolve a plugin built in the
     * same reactor by its coordinates (before {@code install}), so the jar goes into the configured
     * JMeter home's lib/ext directly. The home is named in the config.json the configure goal writes.
     */
    private static void installPlugin(Path configJson, Path pluginJar) throws IOException {
        String json = Files.readString(configJson, StandardCharsets.UTF_8);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"jmeterDirectoryPath\"\\s*:\\s*\"([^\"]+)\"").matcher(json);
        if (!m.find()) {
            throw new IllegalStateException("no jmeterDirectoryPath in " + configJson);
        }
        if (!Files.isRegularFile(pluginJar)) {
            throw new IllegalStateException("the dbstudy plugin is not built: " + pluginJar);
        }
        Path ext = Path.of(m.group(1), "lib", "ext");
        Files.copy(pluginJar, ext.resolve(pluginJar.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        System.out.println("[dbstudy] plugin " + pluginJar.getFileName() + " -> " + ext);
    }

    /** finish OUT RESULTS_DIR */
    private static void finish(Path out, Path results) throws Exception {
        Files.writeString(out.resolve("stop"), "");
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!Files.exists(out.resolve("stopped")) && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        AnalysisReport report = Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(out.resolve("manifest.csv")),
                out.resolve("report"), 0, false, 1, Optional.empty()));
        report.warnings().forEach(w -> System.out.println("[dbstudy] warning: " + w));
        // The effective study as it was rendered, so a study file or --set levels are honoured too.
        List<String> missing = cellsWithoutSamples(Studies.load(out.resolve("study.yaml").toString()), report.summaryCsv());
        if (!missing.isEmpty()) {
            throw new IllegalStateException("cells without samples: " + missing + "; see " + results);
        }
        System.out.printf(Locale.ROOT, "[dbstudy] %d cells, %d samples%n[dbstudy] report: %s%n", report.cells(),
                report.samples(), report.indexHtml());
    }

    /** The manifest cells whose row in summary.csv is missing or counts no samples. */
    static List<String> cellsWithoutSamples(Study study, Path summaryCsv) throws IOException {
        List<String> lines = Files.readAllLines(summaryCsv, StandardCharsets.UTF_8);
        List<String> header = CsvLine.split(lines.get(0));
        int samples = header.indexOf("samples");
        Map<String, Long> counts = new java.util.HashMap<>();
        for (String line : lines.subList(1, lines.size())) {
            List<String> f = CsvLine.split(line);
            counts.put(f.get(0), Long.parseLong(f.get(samples)));
        }
        return study.cells().stream().map(Cell::id).distinct().filter(id -> counts.getOrDefault(id, 0L) == 0).toList();
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() || s.startsWith("${") ? null : s;
    }

    private static void closeQuietly(EmbeddedTarget target) {
        if (target != null) {
            try {
                target.close();
            } catch (Exception e) {
                System.err.println("[dbstudy] could not stop the embedded database: " + e.getMessage());
            }
        }
    }
}
