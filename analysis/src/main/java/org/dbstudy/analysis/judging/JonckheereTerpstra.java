package org.dbstudy.analysis.judging;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The Jonckheere–Terpstra test for an ordered trend, stratified: J counts, over every pair of groups
 * i &lt; j (levels in order) of one stratum, the pairs x in i, y in j with x &lt; y (ties 1/2); strata add
 * their J, null means (N² − Σnᵢ²)/4 and variances (N²(2N+3) − Σnᵢ²(2nᵢ+3))/72 (Hollander &amp; Wolfe,
 * without the tie correction). z = (J − E)/√V; positive z means increasing. With one stratum of at most
 * 8 observations the one-sided p-values are exact (every assignment of the values to the groups),
 * else from the normal approximation. In R, {@code clinfun::jonckheere.test} gives the same J.
 */
record JonckheereTerpstra(double j, double mean, double variance, double z, double pIncreasing, double pDecreasing,
                          boolean exact, int observations) {
    private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

    /** @param strata per stratum, the groups in level order, each the group's observations */
    static JonckheereTerpstra of(List<List<double[]>> strata) {
        double j = 0;
        double mean = 0;
        double variance = 0;
        int total = 0;
        for (List<double[]> groups : strata) {
            j += statistic(groups);
            int n = 0;
            double sumSq = 0;
            double sumTerm = 0;
            for (double[] g : groups) {
                n += g.length;
                sumSq += (double) g.length * g.length;
                sumTerm += (double) g.length * g.length * (2.0 * g.length + 3);
            }
            mean += ((double) n * n - sumSq) / 4;
            variance += ((double) n * n * (2.0 * n + 3) - sumTerm) / 72;
            total += n;
        }
        double z = variance > 0 ? (j - mean) / Math.sqrt(variance) : 0;
        if (strata.size() == 1 && total <= 8 && total >= 2) {
            double[] p = exact(strata.get(0), j);
            return new JonckheereTerpstra(j, mean, variance, z, p[0], p[1], true, total);
        }
        return new JonckheereTerpstra(j, mean, variance, z, 1 - NORMAL.cumulativeProbability(z),
                NORMAL.cumulativeProbability(z), false, total);
    }

    /**
     * The smallest one-sided p these group sizes can give, that of a perfect order of distinct values: at or above
     * α the test cannot decide whatever the data (2 levels × 3 runs, exact: 1/20).
     */
    static double smallestP(List<List<double[]>> strata) {
        List<List<double[]>> perfect = new ArrayList<>();
        for (List<double[]> groups : strata) {
            double next = 0;
            List<double[]> ordered = new ArrayList<>();
            for (double[] g : groups) {
                double[] x = new double[g.length];
                for (int i = 0; i < x.length; i++) {
                    x[i] = next++;
                }
                ordered.add(x);
            }
            perfect.add(ordered);
        }
        return of(perfect).pIncreasing();
    }

    static double statistic(List<double[]> groups) {
        double j = 0;
        for (int a = 0; a < groups.size(); a++) {
            for (int b = a + 1; b < groups.size(); b++) {
                for (double x : groups.get(a)) {
                    for (double y : groups.get(b)) {
                        j += x < y ? 1 : x == y ? 0.5 : 0;
                    }
                }
            }
        }
        return j;
    }

    /** P(J ≥ observed) and P(J ≤ observed) over all orderings of the pooled values. */
    private static double[] exact(List<double[]> groups, double observed) {
        List<Double> pooled = new ArrayList<>();
        int[] sizes = new int[groups.size()];
        for (int i = 0; i < groups.size(); i++) {
            sizes[i] = groups.get(i).length;
            for (double v : groups.get(i)) {
                pooled.add(v);
            }
        }
        double[] values = pooled.stream().mapToDouble(Double::doubleValue).toArray();
        long[] counts = new long[3]; // [ge, le, all]
        permute(values, 0, sizes, observed, counts);
        return new double[] {(double) counts[0] / counts[2], (double) counts[1] / counts[2]};
    }

    private static void permute(double[] v, int k, int[] sizes, double observed, long[] counts) {
        if (k == v.length) {
            List<double[]> groups = new ArrayList<>();
            int at = 0;
            for (int size : sizes) {
                groups.add(java.util.Arrays.copyOfRange(v, at, at + size));
                at += size;
            }
            double j = statistic(groups);
            counts[0] += j >= observed - 1e-9 ? 1 : 0;
            counts[1] += j <= observed + 1e-9 ? 1 : 0;
            counts[2]++;
            return;
        }
        for (int i = k; i < v.length; i++) {
            swap(v, k, i);
            permute(v, k + 1, sizes, observed, counts);
            swap(v, k, i);
        }
    }

    private static void swap(double[] v, int a, int b) {
        double t = v[a];
        v[a] = v[b];
        v[b] = t;
    }
}
