package org.dbstudy.analysis.cells;

import java.util.Map;

/**
 * What one run of a cell contributes to intervals: its sample count, its own mean, median and
 * 90% line (JMeter's definitions, exact) and the same per time batch ({@link TimeBatches}), and its
 * own Aggregate Report numbers, whole and per label, so that every metric a claim names (p95, p99,
 * error percent, throughput, a transaction's or query's numbers) has one value per run. Memory: a
 * few numbers per run and label, never the samples.
 *
 * @param statistics   {@code [metric]}, metrics in {@link #METRICS} order
 * @param batchSeconds length of each time batch
 * @param batchSamples samples per non-empty batch
 * @param batchStatistics {@code [metric][batch]}
 * @param whole        the run's numbers over all its samples (errors, throughput)
 * @param analysed     the same over its analysed samples ({@code SampleSet})
 * @param labels       per top-level label of the run, its numbers over all its samples
 */
public record RunValues(long samples, double[] statistics, double batchSeconds, long[] batchSamples,
                 double[][] batchStatistics, SampleStats whole, SampleStats analysed, Map<String, SampleStats> labels) {
    public static final String[] METRICS = {"mean", "median", "p90"};
    public static final int MEAN = 0;

    public static double[] statistics(Distinct d) {
        return new double[] {d.mean(), d.percentile(SampleStats.MEDIAN), d.percentile(SampleStats.P90)};
    }

    /** The same run with its Aggregate Report numbers, whole, analysed and per label. */
    public RunValues with(SampleStats whole, SampleStats analysed, Map<String, SampleStats> labels) {
        return new RunValues(samples, statistics, batchSeconds, batchSamples, batchStatistics, whole, analysed,
                Map.copyOf(labels));
    }

    public int batches() {
        return batchSamples.length;
    }
}
