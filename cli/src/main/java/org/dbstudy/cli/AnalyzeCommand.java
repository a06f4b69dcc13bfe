package org.dbstudy.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.report.files.AnalysisReport;
import org.dbstudy.analysis.report.figures.ChartSaver;
import org.dbstudy.analysis.Analyzer;
import org.dbstudy.analysis.reading.SampleSet;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.vocabulary.files.FileTrees;
import org.dbstudy.vocabulary.files.ReportFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code dbstudy analyze}: JTL files to statistics, tests, charts and an HTML report. */
@Command(name = "analyze", mixinStandardHelpOptions = true,
        description = "Analyse JMeter results (CSV or XML JTL, gzip, directories) into summary.csv, tests.csv, charts and index.html.")
final class AnalyzeCommand implements Callable<Integer> {
    @Option(names = "--results", required = true, arity = "1..*", paramLabel = "PATH",
            description = "JTL files or directories of them; or output directories of 'dbstudy run', as DIR or NAME=DIR "
                    + "(several are compared, each a target named NAME or after its directory; directories with the same "
                    + "target name are replicate runs of it).")
    List<Path> results;

    @Option(names = "--manifest", paramLabel = "FILE", description = "The study's manifest.csv: maps result files to cells and factor levels"
            + " (default: the manifest.csv beside the results or up to two directories above them; without one, samples are pooled by label).")
    Path manifest;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory for the report.")
    Path out;

    @Option(names = "--warmup", paramLabel = "SECONDS", defaultValue = "0",
            description = "Leave out samples that start within this many seconds of a cell's first sample (default ${DEFAULT-VALUE}).")
    double warmup;

    @Option(names = "--strict", description = "Treat any unreadable line as an error instead of counting it.")
    boolean strict;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N", description = "Unused since intervals come from batch means or between runs, not random resampling; kept so scripts still run.")
    long seed;

    @Option(names = "--baseline", paramLabel = "TARGET|FACTOR=LEVEL",
            description = "Baseline of speedups and of the answer's ratios: a target name, or factor=level (default: each"
                    + " factor's first declared level, whatever the run order).")
    String baseline;

    @Option(names = "--samples", defaultValue = "success", paramLabel = "success|all",
            description = "Samples for response times, tests, intervals and speedups: successful ones (default) or all, "
                    + "failed ones included. summary.csv keeps JMeter's all-sample columns either way.")
    String samples;

    @Option(names = "--co-correction", description = "Also report response times corrected for coordinated omission"
            + " (as a study's settings.co_correction does): summary.csv co_* columns and a table on the page.")
    boolean coCorrection;

    @Option(names = "--format", split = ",", paramLabel = "FORMAT", defaultValue = "png,svg",
            description = "Figure formats: png, svg, pdf (default ${DEFAULT-VALUE}: what the page shows; pdf for papers,"
                    + " or redraw one later with 'dbstudy figure').")
    List<String> formats;

    @Override
    public Integer call() throws Exception {
        if (warmup < 0) {
            throw new UserError("--warmup " + warmup + ": give zero or more seconds");
        }
        Set<ChartSaver.Format> figureFormats = ChartSaver.Format.parse(formats)
                .orElseThrow(() -> new UserError("--format " + String.join(",", formats) + ": give png, svg or pdf, comma-separated"));
        SampleSet sampleSet = SampleSet.parse(samples)
                .orElseThrow(() -> new UserError("--samples " + samples + ": give success or all"));
        List<Path> inputs = results;
        Path manifestFile = manifest;
        List<RunDirectories.Run> runs = RunDirectories.runs(results);
        if (manifest == null && !runs.isEmpty()) {
            Path work = out.resolve(ReportFiles.RUNS);
            FileTrees.delete(work); // links and the files of an earlier comparison, never the runs themselves
            RunDirectories.Inputs combined = RunDirectories.combine(runs, Files.createDirectories(work));
            inputs = combined.results();
            manifestFile = combined.manifest();
        } else if (manifest == null) {
            manifestFile = ManifestFinder.find(results).orElse(null);
            System.out.println(manifestFile != null ? "manifest: " + manifestFile + " (found beside the results; --manifest gives another)"
                    : "warning: no --manifest, and no manifest.csv beside or up to two directories above " + results + ": "
                    + ManifestFinder.POOLING);
        }
        AnalysisReport report = Analyzer.run(new AnalysisOptions(inputs, Optional.ofNullable(manifestFile), out, warmup,
                strict, seed, Optional.ofNullable(baseline), sampleSet, coCorrection), figureFormats);
        report.warnings().forEach(w -> System.out.println("warning: " + w));
        if (manifestFile != null && report.samples() == 0) {
            // As mvn verify does: a report without one sample is a mismatch, not a result.
            throw new UserError("no samples from " + inputs + " fit the cells of " + manifestFile
                    + ": each result file must be named after its plan (plans/CELL.jmx -> CELL.jtl), and hold samples"
                    + " after the --warmup; see the warnings above");
        }
        ClaimVerdicts.print(ClaimVerdicts.of(out), System.out);
        System.out.printf(Locale.ROOT, "%d cells, %d samples%nsummary: %s%nreport:  %s%n", report.cells(), report.samples(),
                report.summaryCsv(), report.indexHtml());
        return 0;
    }
}
