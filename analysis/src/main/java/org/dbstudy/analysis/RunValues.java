package org.dbstudy.analysis;

/**
 * What one run of a cell contributes to intervals: its sample count, its own mean, median and
 * 90% line (JMeter's definitions, exact) and the same per time batch ({@link TimeBatches}).
 *
 * @param statistics   {@code [metric]}, metrics in {@link #METRICS} order
 * @param batchSeconds length of each time batch
 * @param batchSamples samples per non-empty batch
 * @param batchStatistics {@code [metric][batch]}
 */
record RunValues(long samples, double[] statistics, double batchSeconds, long[] batchSamples,
                 double[][] batchStatistics) {
    static final String[] METRICS = {"mean", "median", "p90"};
    static final int MEAN = 0;

    static double[] statistics(Distinct d) {
        return new double[] {d.mean(), d.percentile(SampleStats.MEDIAN), d.percentile(SampleStats.P90)};
    }

    int batches() {
        return batchSamples.length;
    }
}
