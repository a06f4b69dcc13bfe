package org.dbstudy.analysis.cells;

import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The sampling variance of a cell's statistic (mean, median or 90% line), with its degrees of
 * freedom and how it was found, and the 95% intervals that follow from it.
 *
 * <ul>
 *   <li>{@link Method#BETWEEN_RUNS}, with two or more runs of the cell: the variance of the runs'
 *       own statistics divided by the number of runs, df = runs − 1 (a t-interval over run values).
 *       This includes everything that differs from run to run: caches, plans, the server's state.</li>
 *   <li>{@link Method#WITHIN_RUN}, with one run: batch means over time batches ({@link TimeBatches}).
 *       For the mean, the ratio estimator over batches of unequal size,
 *       B/(B−1) Σ (n_b/n)² (ȳ_b − ȳ)²; for the median and 90% line, the variance of the batch values
 *       divided by B. df = B − 1. Several runs treated this way (a pair with one single-run cell)
 *       combine as Σ (n_r/N)² v_r with Welch-Satterthwaite df. It says nothing about how a second run
 *       would differ.</li>
 * </ul>
 * Intervals of a statistic ({@link #interval}) and of a ratio ({@link #ratioInterval}) are both
 * taken on the log scale: response times and rates are positive, and so are their bounds.
 */
public record Spread(double variance, double df, Method method, int runs, double batchSeconds) {
    public static final double LEVEL = 0.95;

    public enum Method {
        BETWEEN_RUNS("between-runs", "t-interval over the runs' own values (variation between runs)"),
        WITHIN_RUN("within-run-only", "batch means over time batches within each run (one run: says nothing about run-to-run variation)");

        private final String id;
        private final String description;

        Method(String id, String description) {
            this.id = id;
            this.description = description;
        }

        public String id() {
            return id;
        }

        String description() {
            return description;
        }
    }

    /** The method a cell gets on its own: between runs when it has two or more. */
    public static Spread of(List<RunValues> runs, int metric) {
        return of(runs, metric, runs.size() >= 2);
    }

    public static Spread of(List<RunValues> runs, int metric, boolean betweenRuns) {
        double batchSeconds = runs.stream().mapToDouble(RunValues::batchSeconds).max().orElse(Double.NaN);
        if (betweenRuns) {
            int r = runs.size();
            double mean = runs.stream().mapToDouble(v -> v.statistics()[metric]).average().orElse(Double.NaN);
            double squares = 0;
            for (RunValues v : runs) {
                double d = v.statistics()[metric] - mean;
                squares += d * d;
            }
            double variance = r < 2 ? Double.NaN : squares / (r - 1) / r;
            return new Spread(variance, r - 1, Method.BETWEEN_RUNS, r, Double.NaN);
        }
        long total = runs.stream().mapToLong(RunValues::samples).sum();
        double variance = 0;
        double dfDenominator = 0;
        for (RunValues v : runs) {
            double w = (double) v.samples() / total;
            double part = w * w * withinRun(v, metric);
            variance += part;
            dfDenominator += part * part / (v.batches() - 1);
        }
        double df = variance == 0 ? runs.stream().mapToInt(v -> v.batches() - 1).sum() : variance * variance / dfDenominator;
        return new Spread(runs.isEmpty() ? Double.NaN : variance, df, Method.WITHIN_RUN, runs.size(), batchSeconds);
    }

    /** The batch-means variance of one run's statistic; NaN with fewer than two batches. */
    public static double withinRun(RunValues v, int metric) {
        int b = v.batches();
        if (b < 2) {
            return Double.NaN;
        }
        double[] y = v.batchStatistics()[metric];
        if (metric == RunValues.MEAN) {
            long n = 0;
            double sum = 0;
            for (int i = 0; i < b; i++) {
                n += v.batchSamples()[i];
                sum += y[i] * v.batchSamples()[i];
            }
            double mean = sum / n;
            double squares = 0;
            for (int i = 0; i < b; i++) {
                double w = (double) v.batchSamples()[i] / n;
                squares += w * w * (y[i] - mean) * (y[i] - mean);
            }
            return squares * b / (b - 1);
        }
        double mean = 0;
        for (double x : y) {
            mean += x / b;
        }
        double squares = 0;
        for (double x : y) {
            squares += (x - mean) * (x - mean);
        }
        return squares / (b - 1) / b;
    }

    /**
     * The 95 % interval of a positive quantity (a response time, a rate) on the log scale, so that
     * neither end goes below 0: ln point ± t(df) · se / point (delta method, var ln T ≈ var T / T²),
     * then back, point · exp(∓ t · se / point). NaN ends when the variance is unknown, the point is
     * not positive, or the standard error exceeds the point itself ({@link #tooFewForAnInterval}):
     * the runs say too little for any interval, and the delta method would not hold.
     */
    public double[] interval(double point) {
        if (!(variance >= 0) || !(df > 0) || !(point >= 0) || tooFewForAnInterval(point)) {
            return new double[] {Double.NaN, Double.NaN};
        }
        if (variance == 0) {
            return new double[] {point, point};
        }
        double half = quantile(df) * Math.sqrt(variance) / point;
        return new double[] {point * Math.exp(-half), point * Math.exp(half)};
    }

    /** Whether the spread is known but too wide for an interval of {@code point}: se &gt; point, or point 0 with a spread. */
    public boolean tooFewForAnInterval(double point) {
        return variance > 0 && df > 0 && !(Math.sqrt(variance) < point);
    }

    /**
     * The interval of baseline / treatment from two spreads: on the log scale (delta method,
     * var ln T ≈ var T / T²), Welch-Satterthwaite df, then back: exp(ln S ± t · se).
     */
    public static double[] ratioInterval(double baseline, Spread b, double treatment, Spread t) {
        double ratio = baseline / treatment;
        double vb = b.variance / (baseline * baseline);
        double vt = t.variance / (treatment * treatment);
        double v = vb + vt;
        if (!(v >= 0) || !(baseline > 0) || !(treatment > 0)) {
            return new double[] {Double.NaN, Double.NaN};
        }
        if (v == 0) {
            return new double[] {ratio, ratio};
        }
        double df = v * v / (vb * vb / b.df + vt * vt / t.df);
        if (!(df > 0)) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double half = quantile(df) * Math.sqrt(v);
        return new double[] {ratio * Math.exp(-half), ratio * Math.exp(half)};
    }

    private static double quantile(double df) {
        return TDistribution.of(df).inverseSurvivalProbability((1 - LEVEL) / 2);
    }
}
