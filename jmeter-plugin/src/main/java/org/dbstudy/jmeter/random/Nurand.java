package org.dbstudy.jmeter.random;

/**
 * TPC-C's non-uniform random NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y − x + 1)) + x
 * (clause 2.1.6), and the constants C it is run with. The one definition: the TPC-C loader and terminals
 * and the sampler's {@code nurand(A, min, max)} all call {@link #of}; each caller makes the two uniform
 * draws with its own generator, so the TPC-C loader's seeded stream stays as it was.
 *
 * <p>C is fixed per A, so the hot values are the same in every run: TPC-C only asks for a constant
 * chosen in [0, A], and a fixed one makes runs comparable. For TPC-C's three A the values are
 * BenchBase's: 223 for A = 255 (C_LAST at run time; 157 at load), 259 for A = 1023 (C_ID) and 7911 for
 * A = 8191 (OL_I_ID); for any other A, A / 2 (rounded down).
 */
public final class Nurand {
    /** C for C_LAST when loading (A = 255); run time uses {@link #runConstant}(255) = 223 (clause 2.1.6.1). */
    public static final int C_LAST_LOAD = 157;

    private Nurand() {
    }

    /** The constant C a run uses for this A (see the class comment). */
    public static long runConstant(long a) {
        if (a == 255) {
            return 223;
        }
        if (a == 1023) {
            return 259;
        }
        if (a == 8191) {
            return 7911;
        }
        return a / 2;
    }

    /**
     * NURand from its two uniform draws: {@code fromZeroToA} uniform in [0, A], {@code fromXToY} uniform
     * in [x, y]. Needs 0 ≤ x ≤ y and C ≥ 0: the OR of the bits of two non-negative numbers stays
     * non-negative, so the result lies in [x, y].
     */
    public static long of(long fromZeroToA, long fromXToY, long c, long x, long y) {
        return (((fromZeroToA | fromXToY) + c) % (y - x + 1)) + x;
    }
}
