package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import org.dbstudy.analysis.cells.Distinct;
import org.dbstudy.analysis.report.figures.PercentileIntervals;
import org.dbstudy.analysis.cells.SampleStats;

/** Order-statistic intervals against the binomial ranks R gives. */
class PercentileIntervalsTest {
    /** Values 1..n, so a rank is its value. */
    private static Distinct oneTo(int n) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = i + 1;
        }
        return TestData.counts(v);
    }

    @Test
    void theMedianOf100SamplesLiesBetweenThe40thAnd61st() {
        // R: qbinom(c(0.025, 0.975), 100, 0.5) = 40 60 -> ranks 40 and 60 + 1 (Conover 3.2).
        assertArrayEquals(new double[] {40, 61}, PercentileIntervals.of(oneTo(100), SampleStats.MEDIAN));
    }

    @Test
    void the90PercentLineOf100SamplesLiesBetweenThe84thAnd96th() {
        // R: qbinom(c(0.025, 0.975), 100, 0.9) = 84 95 -> ranks 84 and 96.
        assertArrayEquals(new double[] {84, 96}, PercentileIntervals.of(oneTo(100), SampleStats.P90));
    }

    @Test
    void ranksStayInsideTheSampleAndTiesGiveTheirValue() {
        // n = 5, p = 0.99: the upper rank would pass n; it stops at the largest value.
        assertArrayEquals(new double[] {4, 5}, PercentileIntervals.of(oneTo(5), SampleStats.P99));
        assertArrayEquals(new double[] {7, 7}, PercentileIntervals.of(TestData.counts(7, 7, 7, 7, 7, 7), SampleStats.P90));
        assertNull(PercentileIntervals.of(TestData.counts(), SampleStats.P90));
    }
}
