package org.dbstudy.analysis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.dbstudy.analysis.cells.Blocks;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.Manifest;
import org.dbstudy.analysis.cells.Pooling;
import org.dbstudy.analysis.judging.StudyClaims;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.reading.MonitorFiles;
import org.dbstudy.analysis.report.figures.ChartFile;
import org.dbstudy.analysis.report.figures.ChartSaver;
import org.dbstudy.analysis.report.figures.ChartWarmup;
import org.dbstudy.analysis.report.figures.Charts;
import org.dbstudy.analysis.report.files.AnalysisReport;
import org.dbstudy.analysis.report.files.CsvReports;
import org.dbstudy.analysis.report.files.DriverNotes;
import org.dbstudy.analysis.report.files.EnvironmentJson;
import org.dbstudy.analysis.report.files.Readme;
import org.dbstudy.analysis.report.files.SummaryColumns;
import org.dbstudy.analysis.report.html.HtmlReport;
import org.dbstudy.analysis.report.validity.Validity;
import org.dbstudy.analysis.adaptive.SequentialFile;
import org.dbstudy.analysis.statistics.Comparison;
import org.dbstudy.analysis.statistics.DesignResult;
import org.dbstudy.analysis.statistics.FactorTests;
import org.dbstudy.analysis.statistics.Speedup;
import org.dbstudy.analysis.statistics.SpeedupFinder;
import org.dbstudy.analysis.statistics.ColumnTable;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.analysis.statistics.TestResult;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.files.CellStopFile;
import org.dbstudy.vocabulary.files.RunStatusFile;
import org.dbstudy.vocabulary.files.ReportFiles;

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
        // summary.csv once: the statistics, the monitor's and the client's columns, the verdicts judged on them all.
        List<Validity.Verdict> verdicts = CsvReports.writeAll(result, out, SummaryColumns.beside(result.manifest(), result.monitor(),
                result.cells()));
        String threatened = Validity.warning(verdicts);
        if (threatened != null) {
            result.warnings().add(threatened);
        }
        Map<String, List<String>> threatsByCell = new HashMap<>();
        verdicts.forEach(v -> threatsByCell.put(v.cell(), v.threats()));
        StudyClaims.judge(result, out, threatsByCell);
        if (result.manifest().isPresent()) {
            // A run with --budget decided its claims look by look: those verdicts, not a one-off judgement, are its answer.
            SequentialFile.apply(result.manifest().get().studyDir(), out);
        }
        Readme.write(result, out.resolve(ReportFiles.README));
        List<ChartFile> charts = Charts.write(result, out, formats, null);
        Path index = out.resolve(ReportFiles.INDEX);
        HtmlReport.write(result, charts, index);
        return new AnalysisReport(index, out.resolve(ReportFiles.SUMMARY), result.cells().size(), result.samples(),
                result.warnings());
    }

    /** The runs of the study's run-status.csv that did not finish: failed, or still running. */
    private static List<RunStatusFile.Row> unfinished(Path studyDir) throws IOException, AnalysisInputException {
        try {
            return RunStatusFile.read(studyDir.resolve(RunStatusFile.FILE_NAME)).stream().filter(r -> !r.done()).toList();
        } catch (CsvFileException e) {
            throw AnalysisInputException.of(e);
        }
    }

    /** The study's cell-stops.csv: how each run of cells that end on precision ended; none for fixed cells. */
    private static List<CellStopFile.Row> stops(Path studyDir) throws IOException, AnalysisInputException {
        try {
            return CellStopFile.read(studyDir.resolve(CellStopFile.FILE_NAME));
        } catch (CsvFileException e) {
            throw AnalysisInputException.of(e);
        }
    }

    /** Each run's detected warm-up by its run-status key: the longest of its statistics' cuts. */
    private static Map<String, Double> detectedWarmups(List<CellStopFile.Row> stops) {
        Map<String, Double> out = new HashMap<>();
        stops.forEach(r -> out.merge(r.key(), r.warmupSeconds(), Math::max));
        return out;
    }

    /** Reads, pools and tests the study's results: everything but the files written. */
    public static StudyResult analyse(AnalysisOptions options) throws AnalysisInputException, IOException {
        if (!(options.warmupSeconds() >= 0)) {
            // Not a file's fault: the options stand in for the file in the message.
            throw new AnalysisInputException(Path.of("options"), 1, "warmupSeconds", options.warmupSeconds()
                    + " is not a number of seconds >= 0");
        }
        // Read once here; whatever else needs it (monitor and client columns, figures, claims) takes it from the result.
        Manifest manifest = options.manifest().isPresent() ? Manifest.read(options.manifest().get()) : null;
        Path studyDir = manifest == null ? null : manifest.studyDir();
        List<RunStatusFile.Row> unfinished = studyDir == null ? List.of() : unfinished(studyDir);
        List<CellStopFile.Row> stops = studyDir == null ? List.of() : stops(studyDir);
        Map<String, Map<String, String>> environments = studyDir == null ? Map.of() : EnvironmentJson.readAll(studyDir);
        Optional<Comparison> comparison = manifest == null ? Optional.empty()
                : Comparison.choose(manifest, options.baselineTarget());

        List<String> warnings = new ArrayList<>();
        if (manifest != null) {
            Blocks.notInterleaved(manifest.blocks()).ifPresent(warnings::add);
        }
        warnings.addAll(DriverNotes.of(environments));
        Pooling pooling = ResultFiles.pool(options, manifest, unfinished, detectedWarmups(stops), warnings);
        List<String> factors = manifest == null ? List.of() : manifest.factors();
        List<CellResult> cells = pooling.cellResults(manifest, warnings);
        List<CellResult> withSamples = cells.stream().filter(c -> c.stats().samples() > 0).toList();
        // Without a manifest the cells are the labels of one plan, different transactions: no test compares them.
        List<TestResult> tests = manifest == null ? List.of() : FactorTests.run(factors, withSamples, warnings);
        List<Speedup> speedups = comparison.isPresent()
                ? SpeedupFinder.find(factors, withSamples, comparison.get()) : List.of();
        DesignResult design = manifest == null ? DesignResult.FULL : DesignResult.of(manifest.design(), factors, cells);
        if (design.effects().stream().anyMatch(e -> Double.isNaN(e.effect()))
                || design.changes().stream().anyMatch(c -> Double.isNaN(c.ratio()))) {
            warnings.add("the " + manifest.design().type() + " design has cells without analysed samples: effects or "
                    + "changes that need them are empty");
        }
        // The monitor's files once, for the summary's server columns and the server figures both; read after the
        // pooling, as before, so that they are not held while the result files are read.
        Map<String, List<Long>> runStarts = new HashMap<>();
        cells.forEach(c -> runStarts.put(c.name(), c.accumulator().runStarts()));
        Optional<MonitorFiles> monitor = studyDir == null ? Optional.empty() : MonitorFiles.read(studyDir, manifest::cellOf)
                .map(m -> m.ofRuns(cell -> runStarts.getOrDefault(cell, List.of())));
        return new StudyResult(options, Optional.ofNullable(manifest), monitor, factors, cells, pooling.labelResults(),
                pooling.agents(), tests, comparison, speedups, unfinished, environments, warnings, pooling.runs(),
                pooling.warmupExcluded(), design, pooling.claimCells(manifest, cells),
                pooling.total().map(ColumnTable.Group::of), stops);
    }
}
