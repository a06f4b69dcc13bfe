package org.dbstudy.jmeter.tpcc;

import java.util.SplittableRandom;

/**
 * The TPC-C random functions (clause 2.1.5 and 4.3.2): uniform integers, NURand, a-strings and
 * n-strings, and the customer last name from three syllables. One instance per thread.
 */
final class TpccRandom {
    private static final String[] SYLLABLES =
            {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"};
    private static final char[] ALPHANUMERIC =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();
    /** a-strings are slices of this random text at random offsets: random enough, and cheap to make. */
    private static final int POOL = 8192;

    private final SplittableRandom random;
    private final char[] pool = new char[POOL + 512];

    TpccRandom(long seed) {
        random = new SplittableRandom(seed);
        for (int i = 0; i < pool.length; i++) {
            pool[i] = ALPHANUMERIC[random.nextInt(ALPHANUMERIC.length)];
        }
    }

    /** Uniform in [lo, hi], both included. */
    int uniform(int lo, int hi) {
        return lo + random.nextInt(hi - lo + 1);
    }

    /** NURand(A, x, y) with the run's constant C (clause 2.1.6). */
    int nurand(int a, int c, int x, int y) {
        return (((uniform(0, a) | uniform(x, y)) + c) % (y - x + 1)) + x;
    }

    /** A random alphanumeric string of a length uniform in [min, max]. */
    String aString(int min, int max) {
        int length = uniform(min, max);
        return new String(pool, random.nextInt(POOL), length);
    }

    /** A random string of digits. */
    String nString(int length) {
        char[] out = new char[length];
        for (int i = 0; i < length; i++) {
            out[i] = (char) ('0' + random.nextInt(10));
        }
        return new String(out);
    }

    /** An a-string of [26, 50] characters, 10 % of them with "ORIGINAL" at a random place (I_DATA, S_DATA). */
    String data() {
        String s = aString(26, 50);
        if (random.nextInt(10) != 0) {
            return s;
        }
        int at = random.nextInt(s.length() - 8 + 1);
        return s.substring(0, at) + "ORIGINAL" + s.substring(at + 8);
    }

    /** A zip code: four random digits and "11111". */
    String zip() {
        return nString(4) + "11111";
    }

    /** Two random letters. */
    String state() {
        return "" + (char) ('A' + random.nextInt(26)) + (char) ('A' + random.nextInt(26));
    }

    /** The last name for a number 0..999: the syllables of its three digits (clause 4.3.2.3). */
    static String lastName(int number) {
        return SYLLABLES[number / 100] + SYLLABLES[(number / 10) % 10] + SYLLABLES[number % 10];
    }

    /** A permutation of 1..n (the customers of a district's initial orders). */
    int[] permutation(int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i + 1;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }
}
