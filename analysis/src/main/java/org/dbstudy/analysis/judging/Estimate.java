package org.dbstudy.analysis.judging;

import java.util.Arrays;
import java.util.List;
import org.dbstudy.analysis.cells.Accumulator;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.RunValues;
import org.dbstudy.analysis.cells.SampleStats;
import org.dbstudy.analysis.cells.Spread;
import org.dbstudy.vocabulary.Claim;

/**
 * One cell's value of a claim's metric with what it varies by: {@code observations} are the runs' own
 * values with two or more runs, else the time batches' of the one run (the same values the report's
 * intervals use); {@code se} the standard error of the point (NaN when the metric has none: p95, p99,
 * error percent and labels are judged on their point), {@code df} its degrees of freedom.
 */
record Estimate(double point, double[] observations, double se, double df, int runs, boolean betweenRuns) {

    static Estimate of(CellResult cell, Claim.Metric metric, String label) {
        int runs = cell.runs().size();
        if (!label.isEmpty()) {
            Accumulator acc = cell.label(label);
            double point = acc == null ? Double.NaN : pick(SampleStats.of(acc), metric);
            return new Estimate(point, new double[] {point}, Double.NaN, Double.NaN, runs, runs >= 2);
        }
        SampleStats stats = metric == Claim.Metric.ERROR_PERCENT ? cell.stats() : cell.analysed();
        double point = pick(stats, metric);
        int index = switch (metric) {
            case MEAN -> 0;
            case MEDIAN -> 1;
            case P90 -> 2;
            default -> -1;
        };
        if (index >= 0 && runs > 0) {
            Spread spread = cell.spread(index);
            double[] obs = runs >= 2 ? cell.runs().stream().mapToDouble(r -> r.statistics()[index]).toArray()
                    : cell.runs().get(0).batchStatistics()[index];
            return new Estimate(point, obs, Math.sqrt(spread.variance()), spread.df(), runs, runs >= 2);
        }
        if (metric == Claim.Metric.THROUGHPUT && runs > 0) {
            double[] obs = runs >= 2 ? cell.runs().stream().mapToDouble(Estimate::runThroughput).toArray()
                    : Arrays.stream(cell.runs().get(0).batchSamples()).mapToDouble(n -> n / cell.runs().get(0).batchSeconds())
                    .toArray();
            return new Estimate(point, obs, standardError(obs), obs.length - 1, runs, runs >= 2);
        }
        return new Estimate(point, new double[] {point}, Double.NaN, Double.NaN, runs, runs >= 2);
    }

    private static double runThroughput(RunValues r) {
        return r.samples() / (r.batches() * r.batchSeconds());
    }

    static double pick(SampleStats s, Claim.Metric metric) {
        return switch (metric) {
            case MEAN -> s.mean();
            case MEDIAN -> s.median();
            case P90 -> s.p90();
            case P95 -> s.p95();
            case P99 -> s.p99();
            case THROUGHPUT -> s.throughputPerSecond();
            case ERROR_PERCENT -> s.errorPercent();
        };
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

    /** Observations per cell for a trend test: runs, or batches of one run. */
    static String unit(List<Estimate> estimates) {
        return estimates.stream().allMatch(Estimate::betweenRuns) ? "runs" : "time batches of single runs";
    }
}
