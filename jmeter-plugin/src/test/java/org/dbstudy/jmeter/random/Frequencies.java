package org.dbstudy.jmeter.random;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.statistics.distribution.ChiSquaredDistribution;

/** Checks of drawn counts against exact probabilities, loose enough that a correct draw essentially never fails. */
public final class Frequencies {
    private Frequencies() {
    }

    /** Each count within 4.5 standard deviations of its binomial mean (a false alarm in ~1 of 150 000). */
    public static void withinBinomialBounds(String what, long[] counts, double[] probabilities, long draws) {
        for (int i = 0; i < counts.length; i++) {
            double mean = draws * probabilities[i];
            double bound = 4.5 * Math.sqrt(draws * probabilities[i] * (1 - probabilities[i]));
            assertTrue(Math.abs(counts[i] - mean) <= bound, what + " #" + i + ": " + counts[i] + " drawn, "
                    + Math.round(mean) + " ± " + Math.round(bound) + " expected");
        }
    }

    /** Pearson's chi-square goodness of fit: fails only below p = 1e-6 (every expected count should be ≥ 5). */
    public static void chiSquareFits(String what, long[] counts, double[] probabilities, long draws) {
        double statistic = 0;
        for (int i = 0; i < counts.length; i++) {
            double expected = draws * probabilities[i];
            assertTrue(expected >= 5, what + ": expected count " + expected + " is too small for chi-square");
            statistic += (counts[i] - expected) * (counts[i] - expected) / expected;
        }
        double p = ChiSquaredDistribution.of(counts.length - 1).survivalProbability(statistic);
        assertTrue(p > 1e-6, what + ": chi-square " + statistic + " on " + (counts.length - 1) + " df, p = " + p);
    }

    /** The Zipf probabilities of ranks 1..n with exponent s: k^−s over their sum. */
    public static double[] zipf(int n, double s) {
        double[] p = new double[n];
        double sum = 0;
        for (int k = 1; k <= n; k++) {
            p[k - 1] = Math.pow(k, -s);
            sum += p[k - 1];
        }
        for (int k = 0; k < n; k++) {
            p[k] /= sum;
        }
        return p;
    }

    /**
     * The exact NURand(A, x, y) probabilities with constant c: TPC-C clause 2.1.6's formula over every
     * equally likely pair of uniform draws, written here apart from {@link Nurand} as the reference.
     */
    public static double[] nurand(int a, int c, int x, int y) {
        double[] p = new double[y - x + 1];
        double pairs = (a + 1.0) * (y - x + 1);
        for (int r1 = 0; r1 <= a; r1++) {
            for (int r2 = x; r2 <= y; r2++) {
                int v = (((r1 | r2) + c) % (y - x + 1)) + x;
                p[v - x] += 1 / pairs;
            }
        }
        return p;
    }
}
