package org.dbstudy.jmeter.random;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** NURand's one definition: the formula, its constants C, and the distribution it gives. */
class NurandTest {

    @Test
    void theFormulaOfClause216() {
        // 1000 | 2000 = 2040; (2040 + 259) % 3000 + 1 = 2300.
        assertEquals(2300, Nurand.of(1000, 2000, 259, 1, 3000));
        // Wraps: (1023 | 2999) = 3071; (3071 + 259) % 3000 + 1 = 331.
        assertEquals(331, Nurand.of(1023, 2999, 259, 1, 3000));
        assertEquals(0, Nurand.of(0, 0, 0, 0, 999));
        // C_LAST at run time: (255 | 999) = 1023; (1023 + 223) % 1000 + 0 = 246.
        assertEquals(246, Nurand.of(255, 999, 223, 0, 999));
    }

    @Test
    void cIsFixedPerAAndTheTpccValuesAreBenchBases() {
        assertEquals(223, Nurand.runConstant(255));
        assertEquals(259, Nurand.runConstant(1023));
        assertEquals(7911, Nurand.runConstant(8191));
        assertEquals(157, Nurand.C_LAST_LOAD);
        assertEquals(50, Nurand.runConstant(100));
        assertEquals(7, Nurand.runConstant(15));
        assertEquals(0, Nurand.runConstant(0));
    }

    /** Drawn with two uniform draws per value, NURand has exactly the enumerated distribution. */
    @Test
    void drawsFollowTheEnumeratedDistribution() {
        SplittableRandom random = new SplittableRandom(42);
        int a = 255;
        int x = 0;
        int y = 99;
        long c = Nurand.runConstant(a);
        long[] counts = new long[y - x + 1];
        int draws = 500_000;
        for (int i = 0; i < draws; i++) {
            long fromZeroToA = random.nextLong(0, a + 1);
            long v = Nurand.of(fromZeroToA, random.nextLong(x, y + 1), c, x, y);
            counts[(int) (v - x)]++;
        }
        Frequencies.chiSquareFits("NURand(255, 0, 99)", counts, Frequencies.nurand(a, (int) c, x, y), draws);
    }
}
