package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.dbstudy.analysis.cells.Accumulator;
import org.dbstudy.analysis.cells.PerRunRates;
import org.dbstudy.vocabulary.Outcome;

/** A cell's samples per second over time are the mean of its replicates, not their sum. */
class PerRunRatesTest {
    /** One run from epoch ms {@code start}: {@code perSecond} samples in each of {@code seconds} seconds, every fifth one failed. */
    private static Accumulator run(long start, int seconds, int perSecond) {
        Accumulator a = new Accumulator();
        a.startsAt(start);
        int n = 0;
        for (int s = 0; s < seconds; s++) {
            for (int k = 0; k < perSecond; k++) {
                a.add(start + 1000L * s + k, 5, s, n++ % 5 == 4 ? Outcome.DEADLOCK : null);
            }
        }
        return a;
    }

    @Test
    void twoEqualReplicatesShowTheThroughputOfOneNotDouble() {
        Accumulator cell = new Accumulator();
        cell.pool(run(1_000_000, 3, 10));
        cell.pool(run(9_000_000, 3, 10));
        assertEquals(20, cell.series().samples(1), "the pooled series adds the runs");
        PerRunRates rates = PerRunRates.of(cell);
        assertEquals(2, rates.runCount());
        assertEquals(3, rates.length());
        for (int i = 0; i < rates.length(); i++) {
            assertEquals(10.0, rates.samples(i), 1e-9);
            assertEquals(8.0, rates.successful(i), 1e-9);
            assertEquals(2.0, rates.failed(i), 1e-9);
        }
    }

    @Test
    void aSecondOnlyTheLongerRunReachedIsThatRunsOwnCount() {
        Accumulator cell = new Accumulator();
        cell.pool(run(1_000_000, 2, 10));
        cell.pool(run(9_000_000, 4, 30));
        PerRunRates rates = PerRunRates.of(cell);
        assertEquals(4, rates.length());
        assertEquals(20.0, rates.samples(0), 1e-9, "both runs: (10 + 30) / 2");
        assertEquals(2, rates.runs(1));
        assertEquals(1, rates.runs(3));
        assertEquals(30.0, rates.samples(3), 1e-9, "only the longer run");
    }

    @Test
    void oneRunIsShownAsItIs() {
        Accumulator cell = new Accumulator();
        cell.pool(run(1_000_000, 2, 7));
        PerRunRates rates = PerRunRates.of(cell);
        assertEquals(1, rates.runCount());
        assertEquals(7.0, rates.samples(1), 1e-9);
    }
}
