package org.dbstudy.analysis.judging;

import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The geometric mean of matched ratios a / b, on the log scale, with its standard error by the delta method
 * (var ln x ≈ se²/x², summed over the pairs' cells and divided by the number of pairs squared) and the
 * smallest degrees of freedom of those cells; {@code se} is NaN when a cell has no interval. Pairs whose
 * ratio is not a positive finite number (a zero, a missing label) are left out.
 *
 * @param runs the fewest runs of a cell in the pairs (for "replicates would decide it")
 */
record MatchedRatio(double log, double se, double df, int pairs, double min, double max, int runs) {

    /** The pairs' ratio, or empty when no pair has a defined one. */
    static java.util.Optional<MatchedRatio> of(List<Estimate[]> pairs) {
        double sum = 0;
        double variance = 0;
        double df = Double.POSITIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        int n = 0;
        int runs = Integer.MAX_VALUE;
        boolean interval = true;
        for (Estimate[] p : pairs) {
            double r = p[0].point() / p[1].point();
            if (!(r > 0) || Double.isInfinite(r)) {
                continue;
            }
            n++;
            sum += Math.log(r);
            min = Math.min(min, r);
            max = Math.max(max, r);
            runs = Math.min(runs, Math.min(p[0].runs(), p[1].runs()));
            if (p[0].hasInterval() && p[1].hasInterval()) {
                variance += relativeVariance(p[0]) + relativeVariance(p[1]);
                df = Math.min(df, Math.min(p[0].df(), p[1].df()));
            } else {
                interval = false;
            }
        }
        if (n == 0) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new MatchedRatio(sum / n, interval ? Math.sqrt(variance) / n : Double.NaN,
                interval ? df : Double.NaN, n, min, max, Math.max(1, runs)));
    }

    private static double relativeVariance(Estimate e) {
        return e.se() * e.se() / (e.point() * e.point());
    }

    double ratio() {
        return Math.exp(log);
    }

    boolean hasInterval() {
        return se >= 0 && df > 0;
    }

    /** The two-sided interval of the ratio at {@code confidence} (e.g. 0.95), {lower, upper}. */
    double[] interval(double confidence) {
        double half = halfWidth(confidence);
        return new double[] {Math.exp(log - half), Math.exp(log + half)};
    }

    /** The interval's half-width on the log scale. */
    double halfWidth(double confidence) {
        return TDistribution.of(df).inverseCumulativeProbability(1 - (1 - confidence) / 2) * se;
    }

    /** "1.02 [0.95, 1.09]" at {@code confidence}, or the point alone without an interval. */
    String words(double confidence) {
        if (!hasInterval()) {
            return ClaimJudge.num(ratio());
        }
        double[] i = interval(confidence);
        return ClaimJudge.num(ratio()) + " [" + ClaimJudge.num(i[0]) + ", " + ClaimJudge.num(i[1]) + "]";
    }

    /** "geometric mean over 3 matched pairs (each 0.90 to 1.17)", or "one pair of cells". */
    String pairWords() {
        return pairs == 1 ? "one pair of cells" : "geometric mean over " + pairs + " matched pairs (each "
                + ClaimJudge.num(min) + " to " + ClaimJudge.num(max) + ")";
    }
}
