package org.dbstudy.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.dbstudy.generator.Cell;
import org.dbstudy.generator.Study;
import org.dbstudy.monitor.Monitor;
import org.dbstudy.vocabulary.MonitorAddress;

/**
 * The "run cells" step under {@code mvn verify}: jmeter-maven-plugin runs the plans, one JMeter
 * process each, and this only says {@code ready}, then watches the results directory and prints a
 * line per finished cell (cell i/N, samples, errors, elapsed, ETA) until {@code finish} says
 * {@code stop}. A cell is finished when the plugin starts the next one, or when the build stops.
 * From a cell's results file appearing until it is finished, the monitor writes that cell's
 * {@code monitor/<cell>.csv}, as {@code bin/dbstudy run} does.
 */
final class MavenCells implements StudyPipeline.CellRunner {
    private final Path out;
    private final Path results;
    private final PrintStream log;
    private final MonitorAddress monitorAt;
    private final long monitorIntervalMillis;

    /** @param monitorAt where {@code dbstudy monitor} reads the database server's host (null: here) */
    MavenCells(Path out, Path results, PrintStream log, MonitorAddress monitorAt, long monitorIntervalMillis) {
        this.out = out;
        this.results = results;
        this.log = log;
        this.monitorAt = monitorAt;
        this.monitorIntervalMillis = monitorIntervalMillis;
    }

    /** The plugin passes only fixed properties: the plans carry the run's database as their default. */
    @Override
    public boolean passesConnectionAtRunTime() {
        return false;
    }

    @Override
    public Path resultsDir() {
        return results;
    }

    @Override
    public StudyPipeline.Cells runCells(Study study, ConnectionSettings db, ServerSetup server) throws Exception {
        Files.writeString(out.resolve("ready"), db + "\n");
        log.println("[dbstudy] " + study.cells().size() + " plans of study " + study.name() + " for " + db);
        Map<String, String> cellOfResult = new HashMap<>();
        for (Cell cell : study.cells()) {
            String plan = cell.planFile().substring(cell.planFile().lastIndexOf('/') + 1);
            cellOfResult.put(plan.replace(".jmx", ".csv"), cell.id());
        }
        Progress progress = new Progress(study.cells().size(), cellOfResult, db);
        while (!Files.exists(out.resolve("stop"))) {
            progress.look();
            Thread.sleep(500);
        }
        progress.look();
        progress.finishCurrent();
        return new StudyPipeline.Cells(progress.finished, 0, 0);
    }

    /** Which results file JMeter writes now; each one it leaves behind is a finished cell. */
    private final class Progress {
        private final int total;
        private final Map<String, String> cellOfResult;
        private final ConnectionSettings db;
        private final Map<Path, Long> seen = new LinkedHashMap<>();
        private Monitor monitor;
        private long start;
        private Path current;
        private long currentSince;
        private int finished;

        Progress(int total, Map<String, String> cellOfResult, ConnectionSettings db) {
            this.total = total;
            this.cellOfResult = cellOfResult;
            this.db = db;
        }

        void look() throws IOException {
            if (!Files.isDirectory(results)) {
                return;
            }
            try (Stream<Path> files = Files.list(results)) {
                for (Path f : files.filter(p -> cellOfResult.containsKey(p.getFileName().toString())).sorted().toList()) {
                    if (!seen.containsKey(f)) {
                        seen.put(f, System.nanoTime());
                        if (seen.size() == 1) {
                            start = seen.get(f); // the first cell's start, not the build's
                        }
                        finishCurrent();
                        current = f;
                        currentSince = seen.get(f);
                        String base = f.getFileName().toString().replaceFirst("\\.csv$", "");
                        monitor = Monitor.start(new Monitor.Config(db.url(), db.user(), db.password(),
                                out.resolve("monitor").resolve(base + ".csv"), monitorIntervalMillis, monitorAt));
                    }
                }
            }
        }

        void finishCurrent() throws IOException {
            if (current == null) {
                return;
            }
            if (monitor != null) {
                monitor.close();
                monitor.problems().forEach(p -> log.println("[dbstudy]   monitor: " + p));
                monitor = null;
            }
            JtlTally tally = new JtlTally(current);
            tally.update();
            finished++;
            long now = System.nanoTime();
            long elapsed = (now - currentSince) / 1_000_000_000L;
            long perCell = (now - start) / 1_000_000_000L / finished;
            log.printf(Locale.ROOT, "[dbstudy] cell %d/%d %s: %d samples, %d errors (%.1f%%), %s; ETA %s%n", finished,
                    total, cellOfResult.get(current.getFileName().toString()), tally.samples(), tally.errors(),
                    CellRun.percent(tally.errors(), tally.samples()), Durations.hms(elapsed),
                    Durations.hms((long) (total - finished) * perCell));
            current = null;
        }
    }
}
