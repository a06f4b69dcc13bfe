package org.dbstudy.analysis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.ZipException;
import org.dbstudy.vocabulary.RunStatusFile;
import org.dbstudy.vocabulary.Claim;
import org.dbstudy.vocabulary.ClaimsFile;
import org.dbstudy.analysis.judging.Reproduction;
import org.dbstudy.vocabulary.CsvFileException;
import org.dbstudy.analysis.cells.Accumulator;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.LabelResult;
import org.dbstudy.analysis.cells.Manifest;
import org.dbstudy.analysis.cells.Pooling;
import org.dbstudy.analysis.cells.RunCollector;
import org.dbstudy.analysis.cells.SampleStats;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.reading.InputFiles;
import org.dbstudy.analysis.reading.JtlFile;
import org.dbstudy.analysis.reading.ReadSummary;
import org.dbstudy.analysis.reading.ResultNames;
import org.dbstudy.analysis.reading.SampleSet;
import org.dbstudy.analysis.report.files.AnalysisReport;
import org.dbstudy.analysis.report.figures.ChartFile;
import org.dbstudy.analysis.report.figures.ChartSaver;
import org.dbstudy.analysis.report.figures.ChartWarmup;
import org.dbstudy.analysis.report.figures.Charts;
import org.dbstudy.analysis.report.files.CsvReports;
import org.dbstudy.analysis.report.files.EnvironmentJson;
import org.dbstudy.analysis.report.html.HtmlReport;
import org.dbstudy.analysis.report.files.Readme;
import org.dbstudy.analysis.statistics.Comparison;
import org.dbstudy.analysis.statistics.DesignResult;
import org.dbstudy.analysis.statistics.FactorTests;
import org.dbstudy.analysis.statistics.Speedup;
import org.dbstudy.analysis.statistics.SpeedupFinder;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.analysis.statistics.TestResult;
import org.dbstudy.analysis.report.files.ClientSummary;
import org.dbstudy.analysis.report.files.MonitorSummary;
import org.dbstudy.analysis.report.validity.Validity;

/**
 * The analysis in one call: read result files, pool them into cells, compute statistics, tests
 * and speedups, write the CSV files, README.txt, charts and index.html into the output directory.
 */
public final class Analyzer {
    private Analyzer() {
    }

    /** The analysis with the figures a report needs ({@link ChartSaver.Format#REPORT}). */
    public static AnalysisReport run(AnalysisOptions options) throws AnalysisInputException, IOException {
        return run(options, ChartSaver.Format.REPORT);
    }

    /** The analysis with its figures in {@code formats}. */
    public static AnalysisReport run(AnalysisOptions options, Set<ChartSaver.Format> formats)
            throws AnalysisInputException, IOException {
        ChartWarmup.start();
        StudyResult result = analyse(options);
        Path out = options.outDir();
        Files.createDirectories(out);
        CsvReports.writeAll(result, out);
        if (options.manifest().isPresent()) {
            MonitorSummary.addTo(out.resolve("summary.csv"), options.manifest().get()); // the server's side, when a monitor ran
            ClientSummary.addTo(out.resolve("summary.csv"), options.manifest().get()); // JMeter's CPU and GC pauses
        }
        // Verdicts last: they read the schedule's, the monitor's and the client's columns.
        String threatened = Validity.warning(Validity.addTo(out.resolve("summary.csv")));
        if (threatened != null) {
            result.warnings().add(threatened);
        }
        judgeClaims(result, options, out);
        Readme.write(result, out.resolve("README.txt"));
        List<ChartFile> charts = Charts.write(result, out, formats, null);
        Path index = out.resolve("index.html");
        HtmlReport.write(result, charts, index);
        return new AnalysisReport(index, out.resolve("summary.csv"), result.cells().size(), result.samples(),
                result.warnings());
    }

    /**
     * The study's claims (claims.csv beside the manifest) judged into reproduction.csv, with the paper's
     * reference.txt copied beside it for the report; nothing when the study states none.
     */
    private static void judgeClaims(StudyResult result, AnalysisOptions options, Path out)
            throws IOException, AnalysisInputException {
        Files.deleteIfExists(out.resolve(Reproduction.FILE_NAME));
        if (options.manifest().isEmpty()) {
            return;
        }
        Path studyDir = absoluteParent(options.manifest().get());
        List<Claim> claims;
        try {
            claims = ClaimsFile.read(studyDir.resolve(ClaimsFile.FILE_NAME));
        } catch (CsvFileException e) {
            throw AnalysisInputException.of(e);
        }
        if (claims.isEmpty()) {
            return;
        }
        Reproduction.write(out.resolve(Reproduction.FILE_NAME), Reproduction.judge(claims, result.factors(), result.cells()));
        Path reference = studyDir.resolve(ClaimsFile.REFERENCE_FILE);
        if (Files.isRegularFile(reference)) {
            Files.copy(reference, out.resolve(ClaimsFile.REFERENCE_FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** The runs of the study's run-status.csv that did not finish: failed, or still running. */
    private static List<RunStatusFile.Row> unfinished(Path studyDir) throws IOException, AnalysisInputException {
        try {
            return RunStatusFile.read(studyDir.resolve(RunStatusFile.FILE_NAME)).stream().filter(r -> !r.done()).toList();
        } catch (CsvFileException e) {
            throw AnalysisInputException.of(e);
        }
    }

    public static StudyResult analyse(AnalysisOptions options) throws AnalysisInputException, IOException {
        if (!(options.warmupSeconds() >= 0)) {
            // Not a file's fault: the options stand in for the file in the message.
            throw new AnalysisInputException(Path.of("options"), 1, "warmupSeconds", options.warmupSeconds()
                    + " is not a number of seconds >= 0");
        }
        Manifest manifest = options.manifest().isPresent() ? Manifest.read(options.manifest().get()) : null;
        Path studyDir = manifest == null ? null : absoluteParent(manifest.file());
        List<RunStatusFile.Row> unfinished = studyDir == null ? List.of() : unfinished(studyDir);
        Map<String, Map<String, String>> environments = studyDir == null ? Map.of() : EnvironmentJson.readAll(studyDir);
        Optional<Comparison> comparison = manifest == null ? Optional.empty()
                : Comparison.choose(manifest, options.baselineTarget());

        List<String> warnings = new ArrayList<>();
        if (manifest != null) {
            org.dbstudy.analysis.cells.Blocks.notInterleaved(manifest.file()).ifPresent(warnings::add);
        }
        warnings.addAll(org.dbstudy.analysis.report.files.DriverNotes.of(environments));
        Pooling pooling = readAll(options, manifest, warnings);
        List<String> factors = manifest == null ? List.of() : manifest.factors();
        List<CellResult> cells = cells(manifest, pooling, options.samples(), warnings);
        List<CellResult> withSamples = cells.stream().filter(c -> c.stats().samples() > 0).toList();
        List<TestResult> tests = FactorTests.run(factors, withSamples);
        List<Speedup> speedups = comparison.isPresent()
                ? SpeedupFinder.find(factors, withSamples, comparison.get()) : List.of();
        List<LabelResult> labels = new ArrayList<>();
        pooling.labels().forEach((label, acc) ->
                labels.add(new LabelResult(label, pooling.isSubResult(label), SampleStats.of(acc))));
        DesignResult design = manifest == null ? DesignResult.FULL : DesignResult.of(manifest.design(), factors, cells);
        if (design.effects().stream().anyMatch(e -> Double.isNaN(e.effect()))
                || design.changes().stream().anyMatch(c -> Double.isNaN(c.ratio()))) {
            warnings.add("the " + manifest.design().type() + " design has cells without analysed samples: effects or "
                    + "changes that need them are empty");
        }
        return new StudyResult(options, factors, cells, labels, pooling.agents(), tests, comparison, speedups,
                unfinished, environments, warnings, pooling.runs(), pooling.warmupExcluded(), design);
    }

    /**
     * Reads every result file into its cell (or, without a manifest, its labels' cells). Files are
     * read on all cores, a few ahead of the one being pooled; they are pooled in their input order,
     * so the result is the same as reading them one by one.
     */
    private static Pooling readAll(AnalysisOptions options, Manifest manifest, List<String> warnings)
            throws IOException, AnalysisInputException {
        Pooling pooling = new Pooling(options.samples());
        List<Path> files = new ArrayList<>();
        List<Optional<String>> cellOf = new ArrayList<>();
        for (Path file : InputFiles.collect(options.results())) {
            Optional<String> cell = manifest == null ? Optional.empty() : manifest.cellOf(file);
            if (manifest != null && cell.isEmpty()) {
                warnings.add(file + ": no manifest row has plan '" + ResultNames.resultBase(file) + ".jmx'; file skipped");
                continue;
            }
            files.add(file);
            cellOf.add(cell);
        }
        try (ParallelReads reads = new ParallelReads(files, file -> {
            RunCollector run = new RunCollector(options.warmupSeconds(), options.samples());
            return new ParallelReads.Read(readFile(file, options.strict(), run), run);
        })) {
            for (int i = 0; i < files.size(); i++) {
                ParallelReads.Read read = reads.next();
                warnAbout(read.summary(), warnings);
                pooling.addRun(cellOf.get(i).orElse(null), read.run());
            }
        }
        return pooling;
    }

    /** Cells in manifest order (or label order), including manifest cells without samples. */
    private static List<CellResult> cells(Manifest manifest, Pooling pooling, SampleSet set, List<String> warnings) {
        List<CellResult> cells = new ArrayList<>();
        if (manifest == null) {
            pooling.cells().forEach((label, acc) -> cells.add(CellResult.of(label, List.of(), acc, set,
                    pooling.runValues(label))));
            return cells;
        }
        for (String cell : manifest.cells()) {
            Accumulator acc = pooling.cells().getOrDefault(cell, new Accumulator());
            if (acc.samples() == 0) {
                warnings.add("cell " + cell + ": no samples (no result file, or all excluded as warm-up)");
            }
            cells.add(CellResult.of(cell, manifest.levels(cell), acc, set, pooling.runValues(cell), pooling.labelsOf(cell),
                    pooling.notesOf(cell)));
        }
        return cells;
    }

    private static ReadSummary readFile(Path file, boolean strict, RunCollector run)
            throws IOException, AnalysisInputException {
        try {
            return JtlFile.read(file, strict, run);
        } catch (ZipException e) {
            throw new AnalysisInputException(file, 1, "gzip", "not a readable gzip file (" + e.getMessage()
                    + "); give the JTL plain or gzip-compressed");
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

    private static Path absoluteParent(Path file) {
        return file.toAbsolutePath().getParent();
    }
}
