package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Progress says whether a cell prepares, measures or finishes; never "0:01:20 of 0:00:30". */
class CellPhaseTest {
    private static final long S = 1_000_000_000L;

    @Test
    void preparingUntilTheFirstSampleThenMeasuringThenFinishing() {
        CellPhase phase = new CellPhase(0, 30);
        phase.samplesSeen(0, 50 * S);
        assertEquals("preparing 0:00:50 (JMeter start, setUp, connecting)", phase.describe(50 * S));
        assertEquals(10 + 30 + 5, phase.secondsLeft(50 * S, 60, 5), "the rest of the expected preparing, the window, finishing");
        assertEquals(30 + 5, phase.secondsLeft(80 * S, 60, 5), "preparing over its estimate adds nothing negative");
        phase.samplesSeen(3, 60 * S);
        assertEquals("measuring 0:00:20 of 0:00:30", phase.describe(80 * S));
        assertEquals(10 + 5, phase.secondsLeft(80 * S, 60, 5));
        assertEquals("finishing 0:00:05 (window of 0:00:30 done; tearDown, report)", phase.describe(95 * S));
        assertEquals(60, phase.preparingSeconds(200 * S));
        assertEquals(30, phase.measuredSeconds(200 * S));
    }
}
