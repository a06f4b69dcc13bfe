package org.dbstudy.jmeter.tpcc.terminal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.dbstudy.jmeter.procedure.Arguments;
import org.dbstudy.jmeter.tpcc.load.TpccRandom;
import org.junit.jupiter.api.Test;

/** TPC-C's keying and think times: off by default, the spec's times when on, outside the draws of the transactions. */
class KeyingThinkTest {

    @Test
    void thinkTimeIsANegativeExponentialWithTheTypesMeanCappedAtTenTimesIt() {
        TpccRandom r = new TpccRandom(11);
        int n = 200_000;
        double sum = 0;
        long max = 0;
        for (int i = 0; i < n; i++) {
            long t = KeyingThink.thinkMillis(0, r.unitInterval());
            sum += t;
            max = Math.max(max, t);
        }
        // Mean of min(Exp(12 s), 120 s) = 12 s × (1 − e^−10) ≈ 11 999.5 ms; its standard error here ≈ 27 ms.
        assertEquals(11_999.5, sum / n, 150);
        assertTrue(max <= 120_000, "capped at 10 × the mean: " + max);
        assertEquals(120_000, KeyingThink.thinkMillis(0, 1e-9));
        assertEquals(0, KeyingThink.thinkMillis(3, 1.0));
    }

    @Test
    void aTerminalWaitsKeyingBeforeAndThinkAfterEachTransactionOnlyWhenAskedTo() throws Exception {
        Map<String, String> args = Map.of("warehouses", "1", "terminal", "1", "terminals", "1", "seed", "5");
        TpccTerminal off = new TpccTerminal(Arguments.of(args), null, 1, null);
        TpccTerminal on = new TpccTerminal(Arguments.of(with(args, "keyingThink", "true")), null, 1, new int[] {100, 0, 0, 0, 0});
        for (int i = 0; i < 5; i++) {
            off.startSample();
            assertEquals(0, off.pauseMillis());
        }
        on.startSample();
        assertEquals(18_000, on.pauseMillis(), "the first New-Order: its keying time only");
        on.startSample();
        long second = on.pauseMillis();
        assertTrue(second >= 18_000 && second <= 18_000 + 120_000, "keying + the previous New-Order's think time: " + second);
    }

    private static Map<String, String> with(Map<String, String> base, String key, String value) {
        java.util.Map<String, String> m = new java.util.HashMap<>(base);
        m.put(key, value);
        return m;
    }
}
