package org.dbstudy.analysis.reading;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What to analyse and where to write the report.
 *
 * @param results        JTL files or directories holding them
 * @param manifest       the study's {@code manifest.csv}, mapping result files to cells and factors
 * @param outDir         directory for summary.csv, tests.csv, charts and index.html (created if missing)
 * @param warmupSeconds  samples starting earlier than the run's first timeStamp plus this are dropped
 * @param strict         any bad line is an error instead of a counted warning
 * @param bootstrapSeed  seed of the speedup bootstrap, so reports are reproducible
 * @param baselineTarget the baseline level of the manifest's {@code target} column, or {@code factor=level}
 * @param samples        which samples the response-time figures, tests, intervals and speedups use
 * @param coCorrection   also report response times corrected for coordinated omission (a study setting)
 */
public record AnalysisOptions(List<Path> results, Optional<Path> manifest, Path outDir,
                              double warmupSeconds, boolean strict, long bootstrapSeed,
                              Optional<String> baselineTarget, SampleSet samples, boolean coCorrection) {
    public AnalysisOptions {
        results = List.copyOf(results);
        Objects.requireNonNull(manifest, "manifest");
        Objects.requireNonNull(outDir, "outDir");
        Objects.requireNonNull(baselineTarget, "baselineTarget");
        Objects.requireNonNull(samples, "samples");
    }

    /** Response times of successful samples: the default. */
    public AnalysisOptions(List<Path> results, Optional<Path> manifest, Path outDir, double warmupSeconds,
                           boolean strict, long bootstrapSeed, Optional<String> baselineTarget) {
        this(results, manifest, outDir, warmupSeconds, strict, bootstrapSeed, baselineTarget, SampleSet.SUCCESS, false);
    }

    /** Without the coordinated-omission correction. */
    public AnalysisOptions(List<Path> results, Optional<Path> manifest, Path outDir, double warmupSeconds,
                           boolean strict, long bootstrapSeed, Optional<String> baselineTarget, SampleSet samples) {
        this(results, manifest, outDir, warmupSeconds, strict, bootstrapSeed, baselineTarget, samples, false);
    }

    /** The same options with another sample set. */
    public AnalysisOptions withSamples(SampleSet set) {
        return new AnalysisOptions(results, manifest, outDir, warmupSeconds, strict, bootstrapSeed, baselineTarget, set,
                coCorrection);
    }

    /** The same options with the coordinated-omission correction on or off. */
    public AnalysisOptions withCoCorrection(boolean on) {
        return new AnalysisOptions(results, manifest, outDir, warmupSeconds, strict, bootstrapSeed, baselineTarget, samples,
                on);
    }
}
