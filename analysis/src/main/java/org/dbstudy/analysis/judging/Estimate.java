package org.dbstudy.analysis.judging;

import java.util.Arrays;
import java.util.List;
import org.dbstudy.analysis.cells.Accumulator;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.RunValues;
import org.dbstudy.analysis.cells.SampleStats;
import org.dbstudy.analysis.cells.Spread;
import org.dbstudy.analysis.statistics.ColumnTable;
import org.dbstudy.vocabulary.Claim;

/**
 * One cell's value of a claim's metric with what it varies by. {@code point} is the pooled value (what
 * the report shows); {@code observations} are the runs' own values of the same metric with two or more
 * runs, for every metric and label ({@link Source#BETWEEN_RUNS}); with one run, the time batches' values
 * of the mean, median, 90% line and throughput ({@link Source#TIME_BATCHES}, the report's intervals);
 * else the point alone ({@link Source#POINT}: p95, p99, error percent and labels of a single run).
 * {@code se} is the standard error of the point (NaN without an interval), {@code df} its degrees of
 * freedom.
 */
record Estimate(double point, double[] observations, double se, double df, int runs, Source source) {

    /** Where an estimate's variation comes from. */
    enum Source {
        BETWEEN_RUNS("between runs"), TIME_BATCHES("time batches within one run"), POINT("no interval");

        private final String words;

        Source(String words) {
            this.words = words;
        }

        String words() {
            return words;
        }
    }

    static Estimate of(CellResult cell, Claim.Metric metric, String label) {
        int runs = cell.runs().size();
        double point = pooled(cell, metric, label);
        if (runs >= 2) {
            double[] obs = cell.runs().stream().mapToDouble(r -> ofRun(r, metric, label)).toArray();
            if (Arrays.stream(obs).allMatch(Double::isFinite)) {
                return new Estimate(point, obs, standardError(obs), runs - 1, runs, Source.BETWEEN_RUNS);
            }
        }
        int index = spreadIndex(metric, label);
        if (runs == 1 && index >= 0) {
            Spread spread = cell.spread(index);
            return new Estimate(point, cell.runs().get(0).batchStatistics()[index], Math.sqrt(spread.variance()),
                    spread.df(), 1, Source.TIME_BATCHES);
        }
        if (runs == 1 && metric.equals(Claim.Metric.THROUGHPUT) && label.isEmpty()) {
            RunValues r = cell.runs().get(0);
            double[] obs = Arrays.stream(r.batchSamples()).mapToDouble(n -> n / r.batchSeconds()).toArray();
            return new Estimate(point, obs, standardError(obs), obs.length - 1, 1, Source.TIME_BATCHES);
        }
        return new Estimate(point, new double[] {point}, Double.NaN, Double.NaN, runs, Source.POINT);
    }

    /** The cell's value over all its runs pooled, as the report shows it. */
    private static double pooled(CellResult cell, Claim.Metric metric, String label) {
        if (!label.isEmpty()) {
            Accumulator acc = cell.label(label);
            return acc == null ? Double.NaN : ColumnTable.of(metric.column(), ColumnTable.Group.of(acc)).number();
        }
        return pick(cell, metric);
    }

    /** One run's own value: the same definition as the pooled one, over that run's samples. */
    private static double ofRun(RunValues r, Claim.Metric metric, String label) {
        if (!label.isEmpty()) {
            SampleStats s = r.labels().get(label);
            return s == null ? Double.NaN : ColumnTable.ofStats(metric.column(), s);
        }
        if (r.whole() == null) {
            return Double.NaN;
        }
        return ColumnTable.ofStats(metric.column(), metric.equals(Claim.Metric.ERROR_PERCENT) ? r.whole() : r.analysed());
    }

    /** The {@link RunValues#METRICS} index of a cell metric with a batch-means spread, else -1. */
    private static int spreadIndex(Claim.Metric metric, String label) {
        if (!label.isEmpty()) {
            return -1;
        }
        // The statistics each run keeps for intervals, in RunValues.METRICS order.
        return List.of(Claim.Metric.MEAN, Claim.Metric.MEDIAN, Claim.Metric.P90).indexOf(metric);
    }

    /** The cell's value of the metric's column over its analysed samples (error_pct over all of them). */
    static double pick(CellResult cell, Claim.Metric metric) {
        return ColumnTable.analysed(metric.column(), cell);
    }

    static double standardError(double[] x) {
        int n = x.length;
        if (n < 2) {
            return Double.NaN;
        }
        double mean = Arrays.stream(x).average().orElse(Double.NaN);
        double squares = Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum();
        return Math.sqrt(squares / (n - 1) / n);
    }

    boolean hasInterval() {
        return se >= 0 && df > 0;
    }

    boolean betweenRuns() {
        return source == Source.BETWEEN_RUNS;
    }

    /** Observations per cell for a trend test: runs, or batches of one run. */
    static String unit(List<Estimate> estimates) {
        return estimates.stream().allMatch(Estimate::betweenRuns) ? "runs" : "time batches of single runs";
    }
}
