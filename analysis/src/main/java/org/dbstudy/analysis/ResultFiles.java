package org.dbstudy.analysis;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.ZipException;
import org.dbstudy.analysis.cells.Manifest;
import org.dbstudy.analysis.cells.Pooling;
import org.dbstudy.analysis.reading.RunClock;
import org.dbstudy.analysis.cells.RunCollector;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.reading.InputFiles;
import org.dbstudy.analysis.reading.JtlFile;
import org.dbstudy.analysis.reading.ReadSummary;
import org.dbstudy.analysis.reading.ResultNames;
import org.dbstudy.vocabulary.files.RunStatusFile;

/**
 * A study's result files read into their cells, with a warning for each file skipped, cut off, with bad
 * lines or without samples.
 */
final class ResultFiles {
    private ResultFiles() {
    }

    /**
     * Reads every result file into its cell (or, without a manifest, its labels' cells); the runs of
     * {@code notCounted} (failed or unfinished) are pooled for the report but left out of the claims' cells
     * ({@link Pooling#claimCells}). Files are read on all cores, a few ahead of the one being pooled; they
     * are pooled in their input order, so the result is the same as reading them one by one. A run with a
     * warm-up of its own in {@code detectedWarmup} (cells that ended on precision, by run-status key) has that cut
     * when it is longer than the options' fixed one.
     */
    static Pooling pool(AnalysisOptions options, Manifest manifest, List<RunStatusFile.Row> notCounted,
            Map<String, Double> detectedWarmup, List<String> warnings)
            throws IOException, AnalysisInputException {
        Pooling pooling = new Pooling(options.samples(), notCounted);
        List<Path> files = new ArrayList<>();
        List<Optional<String>> cellOf = new ArrayList<>();
        for (Path file : InputFiles.collect(options.results())) {
            Optional<String> cell = manifest == null ? Optional.empty() : manifest.cellOf(file);
            if (manifest != null && cell.isEmpty() && given(options, file)) {
                throw unknownPlan(manifest, file);
            }
            if (manifest != null && cell.isEmpty()) {
                warnings.add(file + ": no manifest row has plan '" + ResultNames.resultBase(file) + ".jmx'; file skipped");
                continue;
            }
            files.add(file);
            cellOf.add(cell);
        }
        try (ParallelReads reads = new ParallelReads(files, file -> {
            RunCollector run = new RunCollector(warmup(options, manifest, detectedWarmup, file), options.samples());
            ReadSummary summary = readFile(file, options.strict(), run);
            if (options.strict() && run.clock().farSamples() > 0) {
                throw new AnalysisInputException(file, run.clock().firstFarLine(), "timeStamp",
                        run.clock().firstFarWords() + "; give the samples of one run with their own clock's times"
                        + " (without --strict such samples are left out with a warning)");
            }
            return new ParallelReads.Read(summary, run);
        })) {
            for (int i = 0; i < files.size(); i++) {
                ParallelReads.Read read = reads.next();
                warnAbout(read.summary(), warnings);
                warnAbout(read.summary().file(), read.run().clock(), warnings);
                pooling.addRun(cellOf.get(i).orElse(null), manifest == null ? "" : manifest.replicateOf(files.get(i)),
                        read.run());
                if (pooling.labels().size() > RunCollector.MAX_LABELS) {
                    throw new AnalysisInputException(files.get(i), 1, "label", "with this file the study has "
                            + pooling.labels().size() + " distinct labels; the analysis takes at most " + RunCollector.MAX_LABELS
                            + ", name samples by transaction or query rather than by a value such as an id");
                }
            }
        }
        return pooling;
    }

    /** The warm-up left out of a file's run: the options' fixed one, or the run's detected one when longer. */
    private static double warmup(AnalysisOptions options, Manifest manifest, Map<String, Double> detected, Path file) {
        Optional<String> cell = manifest == null || detected.isEmpty() ? Optional.empty() : manifest.cellOf(file);
        return cell.map(c -> detected.getOrDefault(RunStatusFile.key(c, manifest.replicateOf(file)), 0.0))
                .map(d -> Math.max(d, options.warmupSeconds())).orElse(options.warmupSeconds());
    }

    /** Whether the file was named on its own, not found in a directory given. */
    private static boolean given(AnalysisOptions options, Path file) {
        return options.results().stream().anyMatch(p -> p.normalize().equals(file));
    }

    /**
     * A file named on its own that no manifest row's plan names ({@code jmeter -n -t plans/X.jmx -l out.jtl}): its
     * cell is unknown, since a JTL does not say which plan wrote it; skipping it would analyse nothing the user meant.
     */
    private static AnalysisInputException unknownPlan(Manifest manifest, Path file) {
        List<String> plans = manifest.planBases();
        String some = String.join(", ", plans.subList(0, Math.min(3, plans.size())))
                + (plans.size() > 3 ? " (" + (plans.size() - 3) + " more in " + manifest.file().getFileName() + ")" : "");
        return new AnalysisInputException(file, 1, "file name", "'" + ResultNames.resultBase(file) + "' is no plan of "
                + manifest.file() + ", so its cell is unknown (a JTL does not say which plan wrote it); name the"
                + " file after the plan it ran, e.g. jmeter -n -t plans/CELL.jmx -l CELL.jtl, with CELL one of: " + some);
    }

    private static ReadSummary readFile(Path file, boolean strict, RunCollector run)
            throws IOException, AnalysisInputException {
        try {
            ReadSummary summary = JtlFile.read(file, strict, run);
            run.end();
            return summary;
        } catch (RunCollector.TooManyLabels e) {
            throw new AnalysisInputException(file, e.line(), "label", e.problem());
        } catch (ZipException e) {
            throw new AnalysisInputException(file, 1, "gzip", "not a readable gzip file (" + e.getMessage()
                    + "); give the JTL plain or gzip-compressed");
        }
    }

    private static void warnAbout(Path file, RunClock clock, List<String> warnings) {
        long far = clock.farSamples();
        if (far > 0) {
            warnings.add(file + ":" + clock.firstFarLine() + ": timeStamp " + clock.firstFarWords() + "; left out"
                    + (far == 1 ? "" : ", with " + (far - 1) + " more sample(s) that far outside the run's time")
                    + " (more than " + RunClock.FAR_MILLIS / 3_600_000 + " hour outside its other samples: see docs/analysis.md)");
        }
    }

    private static void warnAbout(ReadSummary s, List<String> warnings) {
        if (s.cutOffLine() > 0) {
            warnings.add(s.file() + ":" + s.cutOffLine() + ": file cut off here (incomplete last line); "
                    + "read the " + s.rows() + " samples before it");
        }
        if (s.badLines() > 0) {
            warnings.add(s.file() + ": " + s.badLines() + " bad line(s) skipped; first: " + s.firstBad());
        }
        if (!s.timeStamps()) {
            warnings.add(s.file() + ": no timeStamp column; throughput, warm-up exclusion and the over-time "
                    + "charts need it (JMeter writes it by default)");
        }
        if (s.rows() == 0) {
            warnings.add(s.file() + ": no samples");
        }
    }
}
