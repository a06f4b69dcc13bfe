package org.dbstudy.analysis.statistics;

import java.util.List;
import org.dbstudy.analysis.cells.Distinct;

/**
 * Mid-rank sums of several groups pooled together, computed from per-value counts: a value that
 * occurs t times from rank r on gets rank r + (t - 1) / 2 for each occurrence. Exact at any n,
 * in time proportional to the number of distinct values.
 *
 * @param n       group sizes
 * @param rankSum rank sum per group
 * @param total   all observations
 * @param ties    Σ (t³ − t) over tied values, for the tie corrections
 */
public record RankSums(long[] n, double[] rankSum, long total, double ties) {

    public static RankSums of(List<Distinct> groups) {
        int k = groups.size();
        int[] next = new int[k];
        long[] n = new long[k];
        double[] rankSum = new double[k];
        long ranked = 0;
        double ties = 0;
        while (true) {
            long value = Long.MAX_VALUE;
            boolean any = false;
            for (int g = 0; g < k; g++) {
                Distinct d = groups.get(g);
                if (next[g] < d.size()) {
                    value = Math.min(value, d.values()[next[g]]);
                    any = true;
                }
            }
            if (!any) {
                return new RankSums(n, rankSum, ranked, ties);
            }
            long t = 0;
            for (int g = 0; g < k; g++) {
                Distinct d = groups.get(g);
                if (next[g] < d.size() && d.values()[next[g]] == value) {
                    t += d.counts()[next[g]];
                }
            }
            double midRank = ranked + (t + 1) / 2.0;
            for (int g = 0; g < k; g++) {
                Distinct d = groups.get(g);
                if (next[g] < d.size() && d.values()[next[g]] == value) {
                    long c = d.counts()[next[g]++];
                    n[g] += c;
                    rankSum[g] += c * midRank;
                }
            }
            ranked += t;
            ties += (double) t * t * t - t;
        }
    }

    /** 1 − Σ(t³ − t) / (N³ − N): the factor that corrects H and rank variances for ties. */
    public double tieFactor() {
        double cube = (double) total * total * total - total;
        return cube <= 0 ? 1 : 1 - ties / cube;
    }

    public double meanRank(int group) {
        return rankSum[group] / n[group];
    }
}
