package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.apache.jorphan.math.StatCalculatorLong;
import org.junit.jupiter.api.Test;
import org.dbstudy.analysis.cells.Accumulator;
import org.dbstudy.analysis.cells.SampleStats;

/** Pins median, 90/95/99% lines, mean and std dev to JMeter's own StatCalculatorLong. */
class JMeterPercentileTest {

    @Test
    void percentilesMatchStatCalculatorOnRandomInputsOfAwkwardSizes() {
        SplittableRandom random = new SplittableRandom(7);
        int[] sizes = {1, 2, 3, 5, 10, 15, 20, 25, 35, 45, 55, 99, 100, 101, 999, 1001, 12_345};
        for (int n : sizes) {
            for (int round = 0; round < 20; round++) {
                // Few distinct values force ties; the wide range crosses the dense limit (ValueCounts.DENSE_LIMIT).
                int spread = round % 2 == 0 ? 5 : 200_000;
                assertSameAsJMeter(random.longs(n, 0, spread).toArray(), "n=" + n + " spread=" + spread);
            }
        }
    }

    @Test
    void floatFractionPicksJMetersRankWhereExactNinetyPercentWouldNot() {
        // n = 5: 5 * 0.9 = 4.5 rounds to 5, but JMeter's 0.8999999761581421 gives 4.4999... → 4.
        long[] values = {10, 20, 30, 40, 50};
        assertEquals(40, TestData.counts(values).percentile(SampleStats.P90));
        assertSameAsJMeter(values, "n=5");
    }

    @Test
    void valuesBeyondTheDenseRangeAreExact() {
        assertSameAsJMeter(new long[] {70_000, 16_383, 16_384, 16_385, 1, 1_000_000, 65_534, 3}, "large values");
    }

    private static void assertSameAsJMeter(long[] values, String what) {
        StatCalculatorLong jmeter = new StatCalculatorLong();
        Accumulator ours = new Accumulator();
        for (long v : values) {
            jmeter.addValue(v);
            ours.add(0, v, 0, null);
        }
        SampleStats s = SampleStats.of(ours);
        assertEquals(jmeter.getMedian().doubleValue(), s.median(), what + " median");
        assertEquals(jmeter.getPercentPoint(0.5).doubleValue(), s.median(), what + " median as percent point");
        for (int percent : new int[] {90, 95, 99}) {
            double p = (double) (Float.parseFloat(Integer.toString(percent)) / 100);
            double expected = jmeter.getPercentPoint(p).doubleValue();
            double actual = percent == 90 ? s.p90() : percent == 95 ? s.p95() : s.p99();
            assertEquals(expected, actual, what + " " + percent + "%");
        }
        assertEquals(jmeter.getMean(), s.mean(), 1e-9 * Math.max(1, jmeter.getMean()), what + " mean");
        assertEquals(jmeter.getStandardDeviation(), s.stdDev(), 1e-6 * Math.max(1, jmeter.getStandardDeviation()), what + " sd");
        assertEquals(jmeter.getMin().doubleValue(), s.min(), what + " min");
        assertEquals(jmeter.getMax().doubleValue(), s.max(), what + " max");
        assertEquals(jmeter.getCount(), s.samples(), what + " n");
    }
}
