package org.dbstudy.analysis.report.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.stream.Stream;
import org.dbstudy.analysis.cells.Manifest;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.GcLog;
import org.dbstudy.analysis.reading.MonitorFile;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.RunFolder;
import org.dbstudy.vocabulary.files.RunStatusFile;
import org.dbstudy.analysis.report.format.Fmt;

/**
 * What the client (JMeter's JVM) did in each cell, replicates pooled, as columns of {@code summary.csv}:
 * its CPU over the measured window as a percentage of all the client machine's cores (the mean of the
 * replicates the runner measured, {@link RunStatusFile#CLIENT_CPU_PCT}), and its GC pauses from
 * {@code logs/<cell>.gc.log} ({@link GcLog}): the longest, their sum, and that sum's share of the JVM's
 * run time (JMeter's start to its exit, all replicates). A figure without its source is left empty;
 * without any (a study run by hand, or before the runner recorded them) summary.csv has none of these columns.
 */
public final class ClientSummary {
    public static final List<String> COLUMNS = List.of(RunStatusFile.CLIENT_CPU_PCT, "client_gc_pause_max_ms",
            "client_gc_pause_total_ms", "client_gc_pause_pct");

    private ClientSummary() {
    }

    /** Whether one of {@code starts} falls within the row's run (ISO instants); a row without both times cannot say. */
    private static boolean ranHere(RunStatusFile.Row row, List<Long> starts) {
        try {
            long from = Instant.parse(row.started()).toEpochMilli() - MonitorFile.RUN_SLACK_MILLIS;
            long to = Instant.parse(row.finished()).toEpochMilli() + MonitorFile.RUN_SLACK_MILLIS;
            return starts.stream().anyMatch(s -> s >= from && s <= to);
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    /**
     * The {@link #COLUMNS} of each cell, from the study directory beside the manifest; none when nothing was recorded.
     * A run's figures count only when that run is the one analysed: one of its cell's {@code runStarts} (each
     * analysed run's first sample, epoch ms) lies within the run's {@code started}–{@code finished} in run-status.csv.
     * A re-run of a plan analysed with the study's manifest must not inherit the study run's client figures.
     */
    public static Optional<SummaryColumns> of(Manifest manifest, Function<String, List<Long>> runStarts)
            throws IOException, AnalysisInputException {
        Path studyDir = manifest.studyDir();
        Map<String, List<Double>> cpu = new HashMap<>();
        Map<String, RunStatusFile.Row> ranHere = new HashMap<>();
        try {
            for (RunStatusFile.Row r : RunStatusFile.read(studyDir.resolve(RunFolder.RUN_STATUS))) {
                if (!ranHere(r, runStarts.apply(r.cell()))) {
                    continue;
                }
                ranHere.put(r.cell() + "\n" + r.replicate(), r);
                if (r.done() && !Double.isNaN(r.clientCpuPct())) {
                    cpu.computeIfAbsent(r.cell(), c -> new ArrayList<>()).add(r.clientCpuPct());
                }
            }
        } catch (CsvFileException e) {
            throw AnalysisInputException.of(e);
        }
        Map<String, GcLog.Pauses> gc = new HashMap<>();
        Path logs = studyDir.resolve(RunFolder.LOGS);
        if (Files.isDirectory(logs)) {
            try (Stream<Path> files = Files.list(logs)) {
                for (Path f : files.filter(f -> f.getFileName().toString().endsWith(RunFolder.GC_LOG_SUFFIX)).sorted().toList()) {
                    String name = f.getFileName().toString();
                    String base = name.substring(0, name.length() - RunFolder.GC_LOG_SUFFIX.length());
                    Path jtl = RunFolder.jtl(studyDir, base);
                    Optional<String> cell = manifest.cellOf(jtl);
                    if (cell.isPresent() && ranHere.containsKey(cell.get() + "\n" + manifest.replicateOf(jtl))) {
                        gc.merge(cell.get(), GcLog.read(f), GcLog.Pauses::plus);
                    }
                }
            }
        }
        if (cpu.isEmpty() && gc.isEmpty()) {
            return Optional.empty(); // a study run by hand, or before the runner recorded them: no client columns
        }
        return Optional.of(new SummaryColumns(COLUMNS, cell -> {
            List<String> fields = new ArrayList<>();
            List<Double> c = cpu.get(cell);
            fields.add(c == null ? "" : Fmt.exact(c.stream().mapToDouble(Double::doubleValue).average().orElseThrow()));
            GcLog.Pauses p = gc.get(cell);
            if (p == null) {
                fields.addAll(List.of("", "", ""));
            } else {
                fields.add(Fmt.exact(p.maxMs()));
                fields.add(Fmt.exact(p.totalMs()));
                fields.add(p.spanSeconds() > 0 ? Fmt.exact(p.totalMs() / 10 / p.spanSeconds()) : "");
            }
            return fields;
        }));
    }
}
