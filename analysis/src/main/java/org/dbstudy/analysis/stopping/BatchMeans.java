package org.dbstudy.analysis.stopping;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A confidence interval for the mean of an autocorrelated series by non-overlapping batch means (Law &amp; Kelton,
 * <i>Simulation Modeling and Analysis</i>, 5th ed., §9.5.3): the series cut into {@code b} batches of equal size,
 * their means taken as nearly independent, Student's t with b − 1 degrees of freedom. The batch count starts at
 * {@link #MAX_BATCHES} and halves (batches twice as long) while the batch means' lag-1 autocorrelation is above
 * {@link #MAX_LAG1}, down to {@link #MIN_BATCHES}, as the batch-size search of Steiger &amp; Wilson's ASAP and of
 * Fishman's LBATCH does; still correlated at the fewest batches, the interval is not trusted.
 */
public final class BatchMeans {
    public static final int MAX_BATCHES = 40;
    public static final int MIN_BATCHES = 10;
    /** Lag-1 autocorrelation of the batch means above which batches are too short. */
    public static final double MAX_LAG1 = 0.2;

    /**
     * @param mean       the mean of the observations used (the batches' whole)
     * @param halfWidth  half the interval's width; infinite when not trusted
     * @param batches    the batch count used
     * @param lag1       the batch means' lag-1 autocorrelation
     */
    public record Interval(double mean, double halfWidth, int batches, double lag1) {
        /** Half-width over |mean|: 0.05 is ±5 %; infinite without a trusted interval or with a mean of 0. */
        public double relative() {
            return mean == 0 ? Double.POSITIVE_INFINITY : halfWidth / Math.abs(mean);
        }

        public boolean trusted() {
            return Double.isFinite(halfWidth);
        }
    }

    private BatchMeans() {
    }

    /**
     * The interval at {@code level} (0.95) over {@code x[from, to)}; the few observations beyond whole batches at the
     * end are left out. Not trusted with fewer observations than {@link #MIN_BATCHES}.
     */
    public static Interval of(double[] x, int from, int to, double level) {
        int n = to - from;
        for (int b = MAX_BATCHES; b >= MIN_BATCHES; b /= 2) {
            int size = n / b;
            if (size < 1) {
                continue;
            }
            double[] means = new double[b];
            for (int j = 0; j < b; j++) {
                double s = 0;
                int start = from + j * size;
                for (int i = start; i < start + size; i++) {
                    s += x[i];
                }
                means[j] = s / size;
            }
            double grand = mean(means);
            double r1 = lag1(means, grand);
            if (r1 <= MAX_LAG1 || b / 2 < MIN_BATCHES) {
                double half = r1 <= MAX_LAG1 ? TDistribution.of(b - 1.0).inverseSurvivalProbability((1 - level) / 2)
                        * Math.sqrt(variance(means, grand) / b) : Double.POSITIVE_INFINITY;
                return new Interval(grand, half, b, r1);
            }
        }
        return new Interval(n > 0 ? mean(x, from, to) : Double.NaN, Double.POSITIVE_INFINITY, 0, Double.NaN);
    }

    private static double mean(double[] v) {
        return mean(v, 0, v.length);
    }

    private static double mean(double[] v, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) {
            s += v[i];
        }
        return s / (to - from);
    }

    private static double variance(double[] v, double mean) {
        double s = 0;
        for (double d : v) {
            s += (d - mean) * (d - mean);
        }
        return s / (v.length - 1);
    }

    /** Lag-1 autocorrelation; 0 for a constant series (nothing left to correlate). */
    static double lag1(double[] v, double mean) {
        double num = 0;
        double den = 0;
        for (int i = 0; i < v.length; i++) {
            double d = v[i] - mean;
            den += d * d;
            if (i > 0) {
                num += d * (v[i - 1] - mean);
            }
        }
        return den == 0 ? 0 : num / den;
    }
}
