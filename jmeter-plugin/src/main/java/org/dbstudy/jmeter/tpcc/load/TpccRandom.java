package org.dbstudy.jmeter.tpcc.load;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.dbstudy.jmeter.random.Nurand;

/**
 * The TPC-C random functions (clause 2.1.5 and 4.3.2): uniform integers, NURand, a-strings and
 * n-strings, and the customer last name from three syllables. One instance per thread.
 */
public final class TpccRandom {
    private static final String[] SYLLABLES =
            {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"};
    private static final char[] ALPHANUMERIC =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();
    /** a-strings are slices of this random text at random offsets: random enough, and cheap to make. */
    private static final int POOL = 8192;

    private static final byte[] ORIGINAL = "ORIGINAL".getBytes(StandardCharsets.US_ASCII);
    /** The 1000 last names as bytes, for the loader. */
    private static final byte[][] LAST_NAMES = new byte[1000][];

    static {
        for (int i = 0; i < LAST_NAMES.length; i++) {
            LAST_NAMES[i] = lastName(i).getBytes(StandardCharsets.US_ASCII);
        }
    }

    private final SplittableRandom random;
    /** ASCII letters and digits; an a-string of up to 512 characters is a slice of it. */
    private final byte[] pool = new byte[POOL + 512];
    /** Room for a generated value that is not a slice of the pool (at most 50 bytes). */
    private final byte[] scratch = new byte[64];

    public TpccRandom(long seed) {
        random = new SplittableRandom(seed);
        for (int i = 0; i < pool.length; i++) {
            pool[i] = (byte) ALPHANUMERIC[random.nextInt(ALPHANUMERIC.length)];
        }
    }

    /** Uniform in [lo, hi], both included. */
    public int uniform(int lo, int hi) {
        return lo + random.nextInt(hi - lo + 1);
    }

    /** Uniform in (0, 1]: a draw whose logarithm is finite. */
    public double unitInterval() {
        return 1.0 - random.nextDouble();
    }

    /** NURand(A, x, y) with the run's constant C (clause 2.1.6): {@link Nurand}, drawn from this seeded source. */
    public int nurand(int a, int c, int x, int y) {
        int fromZeroToA = uniform(0, a); // drawn first, as always: the loaded data of a seed stays the same
        return (int) Nurand.of(fromZeroToA, uniform(x, y), c, x, y);
    }

    // The loader's text values are written straight into a RowWriter, without a String per value.

    /** A random alphanumeric string of a length uniform in [min, max] (max at most 512). */
    RowWriter aString(RowWriter out, int min, int max) {
        int length = uniform(min, max);
        return out.ascii(pool, random.nextInt(POOL), length);
    }

    /** A random string of digits (at most 64). */
    RowWriter nString(RowWriter out, int length) {
        digits(0, length);
        return out.ascii(scratch, 0, length);
    }

    /** An a-string of [26, 50] characters, 10 % of them with "ORIGINAL" at a random place (I_DATA, S_DATA). */
    RowWriter data(RowWriter out) {
        int length = uniform(26, 50);
        int from = random.nextInt(POOL);
        if (random.nextInt(10) != 0) {
            return out.ascii(pool, from, length);
        }
        System.arraycopy(pool, from, scratch, 0, length);
        System.arraycopy(ORIGINAL, 0, scratch, random.nextInt(length - ORIGINAL.length + 1), ORIGINAL.length);
        return out.ascii(scratch, 0, length);
    }

    /** A zip code: four random digits and "11111". */
    RowWriter zip(RowWriter out) {
        digits(0, 4);
        for (int i = 4; i < 9; i++) {
            scratch[i] = '1';
        }
        return out.ascii(scratch, 0, 9);
    }

    /** Two random letters. */
    RowWriter state(RowWriter out) {
        scratch[0] = (byte) ('A' + random.nextInt(26));
        scratch[1] = (byte) ('A' + random.nextInt(26));
        return out.ascii(scratch, 0, 2);
    }

    /**
     * A customer's state: its first character any of the CH-benCHmark's 62 nation keys (0-9, A-Z, a-z), so
     * customers live in every nation and region and queries joining customer to region (Q5, Q8) find rows;
     * TPC-C's two upper-case letters put every customer in Africa, America or Asia. One draw per character,
     * as {@link #state}, so the rest of the load is unchanged.
     */
    RowWriter customerState(RowWriter out) {
        scratch[0] = (byte) ChData.KEY_CHARACTERS.charAt(random.nextInt(ChData.KEY_CHARACTERS.length()));
        scratch[1] = (byte) ('A' + random.nextInt(26));
        return out.ascii(scratch, 0, 2);
    }

    /** The last name for a number 0..999. */
    static RowWriter lastName(RowWriter out, int number) {
        byte[] name = LAST_NAMES[number];
        return out.ascii(name, 0, name.length);
    }

    private void digits(int from, int to) {
        for (int i = from; i < to; i++) {
            scratch[i] = (byte) ('0' + random.nextInt(10));
        }
    }

    /** The last name for a number 0..999: the syllables of its three digits (clause 4.3.2.3). */
    public static String lastName(int number) {
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
