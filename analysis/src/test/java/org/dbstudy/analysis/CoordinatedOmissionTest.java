package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.dbstudy.analysis.cells.CoordinatedOmission;
import org.dbstudy.analysis.cells.Distinct;
import org.dbstudy.analysis.cells.SampleStats;
import org.junit.jupiter.api.Test;

/**
 * The correction for coordinated omission gives HdrHistogram's values: its own test (one value of 4
 * at an expected interval of 1 records 1, 2, 3 and 4) and Gil Tene's example of 10 000 samples of
 * 1 ms every 10 ms with one 100 s stall (the stall hides 9 999 samples of 99 990, 99 980, … 10 ms).
 */
class CoordinatedOmissionTest {
    @Test
    void aValueIsFilledDownToTheIntervalAsHdrHistogramDoes() {
        Distinct d = CoordinatedOmission.correct(new Distinct(new long[] {4}, new long[] {1}), 1);
        assertArrayEquals(new long[] {1, 2, 3, 4}, d.values());
        assertArrayEquals(new long[] {1, 1, 1, 1}, d.counts());
    }

    @Test
    void aStallHidesTheSamplesItKeptFromStarting() {
        Distinct raw = new Distinct(new long[] {1, 100_000}, new long[] {10_000, 1});
        Distinct d = CoordinatedOmission.correct(raw, 10);
        assertEquals(20_000, d.total(), "10 000 + the stall + 9 999 hidden");
        assertEquals(10, d.values()[1], "the smallest added value is one interval");
        assertEquals(1, d.percentile(SampleStats.MEDIAN));
        assertEquals(98_000, d.percentile(SampleStats.P99));
        assertEquals(25_003.0, d.mean(), 1e-9);
        // As measured: the stall is one sample in 10 001, below the p99.
        assertEquals(1, raw.percentile(SampleStats.P99));
        assertEquals((10_000 + 100_000) / 10_001.0, raw.mean(), 1e-9);
    }

    @Test
    void shortSamplesAndNoIntervalChangeNothing() {
        Distinct raw = new Distinct(new long[] {5, 15, 19}, new long[] {3, 2, 1});
        Distinct d = CoordinatedOmission.correct(raw, 10);
        assertArrayEquals(raw.values(), d.values(), "15 − 10 and 19 − 10 are below the interval");
        assertArrayEquals(raw.counts(), d.counts());
        assertSame(raw, CoordinatedOmission.correct(raw, 0));
    }
}
