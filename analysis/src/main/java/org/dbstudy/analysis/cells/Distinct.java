package org.dbstudy.analysis.cells;

/**
 * Distinct values in ascending order and how often each occurred: the sufficient statistic for
 * every order statistic, rank and moment this module reports.
 */
public record Distinct(long[] values, long[] counts) {

    /** JMeter's Aggregate Report percent as a fraction, e.g. 90 → 0.8999999761581421 (float first, as JMeter). */
    public static double jmeterFraction(int percent) {
        return (double) (Float.parseFloat(Integer.toString(percent)) / 100);
    }

    public int size() {
        return values.length;
    }

    public long total() {
        long n = 0;
        for (long c : counts) {
            n += c;
        }
        return n;
    }

    /**
     * JMeter's percentile (StatCalculator.getPercentPoint): the k-th smallest value with
     * k = max(1, round(n * p)); no interpolation. NaN when empty.
     */
    public double percentile(double p) {
        return percentile(counts, total(), p);
    }

    /** The same definition over other counts of the same values (bootstrap weights). */
    public double percentile(long[] weights, long n, double p) {
        if (n == 0) {
            return Double.NaN;
        }
        long k = Math.max(1, Math.round(n * p));
        for (int i = 0; i < values.length; i++) {
            k -= weights[i];
            if (k <= 0) {
                return values[i];
            }
        }
        return values[values.length - 1];
    }

    public double mean(long[] weights, long n) {
        double sum = 0;
        for (int i = 0; i < values.length; i++) {
            sum += (double) values[i] * weights[i];
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    public double mean() {
        return mean(counts, total());
    }

    /** Population standard deviation, two passes over the distinct values for accuracy. */
    public double populationStdDev() {
        long n = total();
        if (n == 0) {
            return Double.NaN;
        }
        double mean = mean();
        double squares = 0;
        for (int i = 0; i < values.length; i++) {
            double d = values[i] - mean;
            squares += d * d * counts[i];
        }
        return Math.sqrt(squares / n);
    }

    public double min() {
        return values.length == 0 ? Double.NaN : values[0];
    }

    public double max() {
        return values.length == 0 ? Double.NaN : values[values.length - 1];
    }
}
