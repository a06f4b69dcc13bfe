package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.dbstudy.vocabulary.CellPrecision;
import org.dbstudy.vocabulary.files.CellStopFile;
import org.junit.jupiter.api.Test;

/** The runner's watch over a cell's samples: it settles no earlier than the minimum, and says how the cell ended. */
class PrecisionWatchTest {
    private static final CellPrecision TEN_PERCENT = new CellPrecision(5, 60, Map.of(
            CellPrecision.Statistic.MEAN_LATENCY, new BigDecimal("0.10"), CellPrecision.Statistic.THROUGHPUT, new BigDecimal("0.10")));

    @Test
    void steadySamplesSettleAtTheMinimumAndNotBefore() {
        PrecisionWatch watch = new PrecisionWatch(TEN_PERCENT);
        SplittableRandom rng = new SplittableRandom(7);
        long t = 1_000_000;
        double settledAt = -1;
        // 200 samples a second, 10 ms each +- 2 ms, with a slow first second (the warm-up).
        for (int i = 0; i < 200 * 30 && settledAt < 0; i++) {
            long elapsed = (i < 200 ? 40 : 8) + rng.nextInt(5);
            watch.sample(t, elapsed, true);
            t += 5;
            if (watch.settled()) {
                settledAt = watch.measuredSeconds();
            }
        }
        assertTrue(settledAt >= 5 && settledAt < 10, "settled at " + settledAt);
        List<CellStopFile.Row> rows = watch.rows("c1", 2, true);
        assertEquals(2, rows.size());
        CellStopFile.Row latency = rows.stream().filter(r -> r.statistic().equals("mean_latency")).findFirst().orElseThrow();
        assertEquals(CellStopFile.PRECISION, latency.ended());
        assertTrue(latency.warmupSeconds() >= 0.9 && latency.warmupSeconds() < 1.5, "the slow first second is cut: " + latency);
        assertTrue(latency.reachedPct() <= 10, latency.toString());
        assertEquals(10.0, latency.targetPct(), 1e-9);
        assertTrue(PrecisionWatch.describe(rows).startsWith("ended on precision after "), PrecisionWatch.describe(rows));
    }

    @Test
    void aDriftingLatencyNeverSettles() {
        PrecisionWatch watch = new PrecisionWatch(TEN_PERCENT);
        long t = 1_000_000;
        for (int i = 0; i < 200 * 30; i++) {
            watch.sample(t, 1 + i / 20, true);
            t += 5;
            assertFalse(watch.settled(), "a latency that keeps growing is never settled, at " + watch.measuredSeconds());
        }
        assertEquals(CellStopFile.MAX_DURATION, watch.rows("c1", 1, false).get(0).ended());
    }
}
