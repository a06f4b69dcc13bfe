package org.dbstudy.vocabulary.files;

import java.util.Locale;

/**
 * The names of the analysis's report files ({@code report/} of a run folder, or {@code analyze --out}) and the
 * layout of a comparison of several runs, in one place: the analysis writes them, the commands name them to the
 * user and read {@code summary.csv} back, and {@code figure} re-draws from them.
 */
public final class ReportFiles {
    /** The report's page. */
    public static final String INDEX = "index.html";
    /** What each file and column means, written beside them. */
    public static final String README = "README.txt";
    /** One row per cell (and transaction): samples, errors, latency, throughput, validity. */
    public static final String SUMMARY = "summary.csv";
    /** Rank tests between cells. */
    public static final String TESTS = "tests.csv";
    /** Speedups against the baseline, with intervals. */
    public static final String SPEEDUP = "speedup.csv";
    /** The statistics per label over all files. */
    public static final String LABELS = "labels.csv";
    /** Top-level samples and errors per JMeter agent. */
    public static final String AGENTS = "agents.csv";
    /** A fractional factorial design's effects. */
    public static final String EFFECTS = "effects.csv";
    /** A one-factor-at-a-time design's configurations. */
    public static final String CONFIGURATIONS = "configurations.csv";
    /** Intervals of the percentiles the figures draw, for re-drawn figures' error bars. */
    public static final String PERCENTILE_INTERVALS = "percentile-intervals.csv";
    /** The figures' captions. */
    public static final String CAPTIONS = "captions.txt";
    /** The study's claims judged: holds, does not hold, undecided, not testable here. */
    public static final String REPRODUCTION = "reproduction.csv";

    /**
     * A comparison's own folder under the report's: the runs' results linked under target-prefixed names and
     * one combined manifest ({@code runs/results/}, {@code runs/manifest.csv}).
     */
    public static final String RUNS = "runs";
    /** Beside a combined manifest: each compared run's {@code environment.json} as {@code NN-NAME.json}. */
    public static final String ENVIRONMENTS = "environments";

    private static final String JSON = ".json";

    private ReportFiles() {
    }

    /** {@code NN-NAME.json}: the {@code index}-th compared run's environment, numbered so they list in order. */
    public static String environmentFile(int index, String run) {
        return String.format(Locale.ROOT, "%02d-%s", index, run) + JSON;
    }

    /** Whether a file of {@link #ENVIRONMENTS} is a run's environment. */
    public static boolean isEnvironmentFile(String fileName) {
        return fileName.endsWith(JSON);
    }

    /** The run an {@link #environmentFile} names: {@code 01-pg15.json} → {@code pg15}. */
    public static String runOfEnvironmentFile(String fileName) {
        return fileName.substring(0, fileName.length() - JSON.length()).replaceFirst("^\\d+-", "");
    }
}
