package org.dbstudy.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import org.dbstudy.analysis.report.AnalysisReport;
import org.dbstudy.generator.Cell;
import org.dbstudy.generator.Studies;
import org.dbstudy.generator.Study;
import org.dbstudy.vocabulary.CsvFileException;
import org.dbstudy.vocabulary.CsvTable;

/**
 * The steps of {@code mvn verify} around jmeter-maven-plugin (see src/test/pom.xml), each a step of
 * {@link StudyPipeline}, as {@code bin/dbstudy run} takes them:
 * <ol>
 * <li>{@code reset}: clears the signal files and results of an earlier build;</li>
 * <li>{@code serve} (a background process): load → target (the embedded database when asked) →
 * preflight → render (the plans carry that database as their default connection) → environment; says
 * {@code ready}; then, while jmeter-maven-plugin runs the cells, prints a line per finished cell, and
 * keeps the database up until {@code finish} asks it to stop;</li>
 * <li>{@code await}: waits for {@code ready} before JMeter starts;</li>
 * <li>{@code install-plugin}: puts the dbstudy plugin into the plugin's JMeter home;</li>
 * <li>{@code finish}: stops the database, checks JMeter's logging (a log file per cell, no DEBUG),
 * analyses the results as {@code bin/dbstudy run} does (the study's warm-up) and checks every cell
 * has samples.</li>
 * </ol>
 * Errors are thrown, not {@code System.exit}ed: exec:java runs inside Maven.
 */
public final class MavenStudy {
    private MavenStudy() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            throw new IllegalArgumentException("usage: MavenStudy reset|serve|await|install-plugin|finish OUT_DIR [options]");
        }
        Path out = Path.of(args[1]).toAbsolutePath();
        switch (args[0]) {
            case "reset" -> {
                for (int i = 2; i < args.length; i++) {
                    reset(out, Path.of(args[i]));
                }
            }
            case "serve" -> serve(out, args[2], args[3], blankToNull(args[4]), blankToNull(args[5]), blankToNull(args[6]),
                    Path.of(args[7]), args.length > 8 ? blankToNull(args[8]) : null);
            case "await" -> await(out);
            case "install-plugin" -> installPlugin(Path.of(args[1]), Path.of(args[2]));
            case "finish" -> finish(out, Path.of(args[2]), args.length > 4 ? Path.of(args[3]) : null,
                    args.length > 4 ? jmeterHomeOf(Path.of(args[4])) : null);
            default -> throw new IllegalArgumentException("unknown step " + args[0]);
        }
    }

    /**
     * jmeter-maven-plugin runs every plan in one go, with nothing between cells: a study that varies
     * server settings runs under Maven only when all its cells share one server configuration, applied
     * (and read back) before the first; else it is refused before anything starts.
     */
    private static void applyTheOneServerConfiguration(Study study, ServerSetup server) throws Exception {
        if (!server.active()) {
            return;
        }
        if (server.configurations().size() > 1) {
            throw new StudyPipeline.CannotStart(List.of("the study varies server settings " + study.variedServerSettings()
                    + " over " + server.configurations().size() + " configurations, but mvn verify runs all cells"
                    + " without a pause between them; run it with bin/dbstudy run, or fix one level per setting"
                    + " (e.g. -Dstudy=a study file with one level each)"));
        }
        var applied = server.apply(study.cells().get(0));
        if (!applied.ok()) {
            throw new StudyPipeline.CannotStart(List.of(applied.reason()));
        }
    }

    /** serve OUT STUDY DB URL USER DURATION RESULTS_DIR [MONITOR_HOST:PORT] */
    private static void serve(Path out, String studyName, String db, String url, String user, String duration,
                              Path results, String monitor) throws Exception {
        try {
            Study study = Studies.load(studyName).withOverrides(Map.of(),
                    duration == null ? OptionalLong.empty() : OptionalLong.of(Long.parseLong(duration)))
                    .forDialect(Targets.kindOf(db));
            StudyPipeline pipeline = new StudyPipeline(study, db, out, System.out);
            MavenCells cells = new MavenCells(out, results, System.out,
                    pipeline.monitorAddress("-Ddb.monitor", monitor, url), 1000);
            try (StudyPipeline.OpenTarget target = pipeline.target(url, user, "", 0);
                 ServerSetup server = ServerSetup.open(study, target.settings(), target.restart(), System.out)) {
                Runtime.getRuntime().addShutdownHook(new Thread(() -> closeQuietly(target)));
                pipeline.preflight(target.settings(), List.of(), server);
                applyTheOneServerConfiguration(study, server);
                pipeline.render(target.settings(), cells.passesConnectionAtRunTime(), db, List.of(), JMeterHome.locate());
                cells.runCells(study, target.settings(), server);
            }
        } catch (StudyPipeline.CannotStart e) {
            Files.writeString(out.resolve("failed"), String.join("; ", e.problems()) + "\n");
            throw e;
        } catch (Exception | Error e) {
            Files.writeString(out.resolve("failed"), String.valueOf(e.getMessage()) + "\n");
            throw e;
        } finally {
            Files.writeString(out.resolve("stopped"), "");
        }
    }

    /**
     * reset OUT RESULTS_DIR [JMETER_LOGS_DIR]: clears the signals, results, monitor files and JMeter logs of an earlier
     * build before 'serve' starts in the background, so that only this build's samples are analysed and
     * only this build's logs are checked.
     */
    private static void reset(Path out, Path results) throws IOException {
        Files.createDirectories(out);
        for (String signal : List.of("ready", "stop", "failed", "stopped")) {
            Files.deleteIfExists(out.resolve(signal));
        }
        // The monitor's files go with the results they sit beside.
        for (Path dir : List.of(results, out.resolve("monitor"))) {
            if (Files.isDirectory(dir)) {
                try (var files = Files.list(dir)) {
                    for (Path f : files.toList()) {
                        Files.deleteIfExists(f);
                    }
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
        if (!Files.isRegularFile(pluginJar)) {
            throw new IllegalStateException("the dbstudy plugin is not built: " + pluginJar);
        }
        Path ext = jmeterHomeOf(configJson).resolve("lib").resolve("ext");
        Files.copy(pluginJar, ext.resolve(pluginJar.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        System.out.println("[dbstudy] plugin " + pluginJar.getFileName() + " -> " + ext);
    }

    /** The JMeter home jmeter-maven-plugin's configure goal built, named in the config.json it writes. */
    private static Path jmeterHomeOf(Path configJson) throws IOException {
        String json = Files.readString(configJson, StandardCharsets.UTF_8);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"jmeterDirectoryPath\"\\s*:\\s*\"([^\"]+)\"").matcher(json);
        if (!m.find()) {
            throw new IllegalStateException("no jmeterDirectoryPath in " + configJson);
        }
        return Path.of(m.group(1));
    }

    /** finish OUT RESULTS_DIR [JMETER_LOGS_DIR CONFIG_JSON] */
    private static void finish(Path out, Path results, Path jmeterLogs, Path jmeterHome) throws Exception {
        Files.writeString(out.resolve("stop"), "");
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!Files.exists(out.resolve("stopped")) && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        // The effective study as it was rendered, so a study file or --set levels are honoured too.
        Study study = Studies.load(out.resolve("study.yaml").toString());
        if (jmeterLogs != null) {
            List<String> problems = JMeterLogCheck.problems(study, jmeterLogs, jmeterHome);
            if (!problems.isEmpty()) {
                throw new IllegalStateException("JMeter's logging is not as bin/dbstudy run has it: "
                        + String.join("; ", problems));
            }
        }
        AnalysisReport report = StudyPipeline.analyse(study, results, out);
        report.warnings().forEach(w -> System.out.println("[dbstudy] warning: " + w));
        List<String> missing = cellsWithoutSamples(study, report.summaryCsv());
        if (!missing.isEmpty()) {
            throw new IllegalStateException("cells without samples: " + missing + "; see " + results);
        }
        System.out.printf(Locale.ROOT, "[dbstudy] %d cells, %d samples%n[dbstudy] report: %s%n", report.cells(),
                report.samples(), report.indexHtml());
    }

    /** The manifest cells whose row in summary.csv is missing or counts no samples. */
    static List<String> cellsWithoutSamples(Study study, Path summaryCsv) throws IOException, CsvFileException {
        Map<String, Long> counts = new java.util.HashMap<>();
        for (CsvTable.Row row : CsvTable.read(summaryCsv, "cell", "samples").rows()) {
            counts.put(row.get("cell"), Long.parseLong(row.get("samples")));
        }
        return study.cells().stream().map(Cell::id).distinct().filter(id -> counts.getOrDefault(id, 0L) == 0).toList();
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() || s.startsWith("${") ? null : s;
    }

    private static void closeQuietly(AutoCloseable target) {
        if (target != null) {
            try {
                target.close();
            } catch (Exception e) {
                System.err.println("[dbstudy] could not stop the embedded database: " + e.getMessage());
            }
        }
    }
}
