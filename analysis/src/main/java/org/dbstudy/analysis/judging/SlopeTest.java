package org.dbstudy.analysis.judging;

import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A trend as the least-squares slope of the log metric on the level's rank (0, 1, 2, … in level order),
 * each stratum with its own intercept (values centred per stratum), with a one-sided t-test on
 * df = n − strata − 1: the test of a regression slope (e.g. Montgomery, Design and Analysis of
 * Experiments, ch. 3 orthogonal contrasts; with two levels it is the pooled two-sample t-test). It has
 * power where the exact Jonckheere–Terpstra test cannot reach p &lt; 0.05 (2 levels × 3 runs: its smallest
 * p is 1/20). Values are taken on the log scale when all are positive (response times, rates: a trend
 * is a ratio per level), else as they are (an error percent of 0).
 */
record SlopeTest(double slope, double se, double df, double t, double pIncreasing, double pDecreasing, boolean log,
                 int observations) {

    /** @param strata per stratum, the groups in level order (empty where a stratum lacks the level) */
    static SlopeTest of(List<List<double[]>> strata) {
        boolean log = strata.stream().flatMap(List::stream).flatMapToDouble(java.util.Arrays::stream).allMatch(v -> v > 0);
        double sxy = 0;
        double sxx = 0;
        int n = 0;
        int used = 0;
        List<double[][]> centred = new java.util.ArrayList<>();
        for (List<double[]> groups : strata) {
            double sx = 0;
            double sy = 0;
            int m = 0;
            for (int g = 0; g < groups.size(); g++) {
                for (double v : groups.get(g)) {
                    sx += g;
                    sy += log ? Math.log(v) : v;
                    m++;
                }
            }
            if (m == 0) {
                continue;
            }
            used++;
            double[][] xy = new double[2][m];
            int at = 0;
            for (int g = 0; g < groups.size(); g++) {
                for (double v : groups.get(g)) {
                    xy[0][at] = g - sx / m;
                    xy[1][at] = (log ? Math.log(v) : v) - sy / m;
                    sxy += xy[0][at] * xy[1][at];
                    sxx += xy[0][at] * xy[0][at];
                    at++;
                }
            }
            centred.add(xy);
            n += m;
        }
        double slope = sxy / sxx;
        double rss = 0;
        for (double[][] xy : centred) {
            for (int i = 0; i < xy[0].length; i++) {
                double r = xy[1][i] - slope * xy[0][i];
                rss += r * r;
            }
        }
        double df = n - used - 1;
        double se = Math.sqrt(rss / df / sxx);
        if (!(df > 0) || !(sxx > 0)) {
            return new SlopeTest(Double.NaN, Double.NaN, df, Double.NaN, 1, 1, log, n);
        }
        if (se == 0) {
            return new SlopeTest(slope, 0, df, slope > 0 ? Double.POSITIVE_INFINITY : slope < 0 ? Double.NEGATIVE_INFINITY : 0,
                    slope > 0 ? 0 : 1, slope < 0 ? 0 : 1, log, n);
        }
        double t = slope / se;
        TDistribution dist = TDistribution.of(df);
        return new SlopeTest(slope, se, df, t, dist.survivalProbability(t), dist.cumulativeProbability(t), log, n);
    }
}
