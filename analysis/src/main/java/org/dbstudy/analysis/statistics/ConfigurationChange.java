package org.dbstudy.analysis.statistics;

/**
 * One cell of a one-factor-at-a-time design against the baseline, on one metric: {@code ratio =
 * value / baseline} (above 1: a longer mean response time, or more throughput).
 *
 * @param configuration {@code baseline}, {@code work_mem=64MB} (one factor off the baseline), or
 *                      {@code combined tuned} with what differs from the baseline in {@code changed}
 * @param changed       the levels that differ from the baseline, {@code factor=level, …}; empty for the baseline
 */
public record ConfigurationChange(DesignMetric metric, String cell, String configuration, String changed, double value,
                                  double baseline, double ratio) {
    /** The change in percent of the baseline. */
    public double percent() {
        return (ratio - 1) * 100;
    }
}
