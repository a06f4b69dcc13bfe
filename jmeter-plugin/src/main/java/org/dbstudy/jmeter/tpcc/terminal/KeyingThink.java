package org.dbstudy.jmeter.tpcc.terminal;

/**
 * TPC-C's keying and think times (clause 5.2.5), off unless a study asks for them: before a
 * transaction its terminal waits that transaction type's keying time; after it, a think time drawn
 * from a negative exponential with the type's mean, capped at 10 × the mean (as BenchBase caps it).
 * The terminal waits both before the next sample's clock starts, so neither is part of a sample's
 * elapsed, and with them on a terminal runs about one transaction every 20 to 30 s.
 */
final class KeyingThink {
    /** Keying time per transaction type, in the order of {@link TpccTerminal#NAMES}, in ms (clause 5.2.5.7). */
    static final long[] KEYING_MS = {18_000, 3_000, 2_000, 2_000, 2_000};
    /** Mean think time per transaction type, in ms (clause 5.2.5.7). */
    static final long[] THINK_MEAN_MS = {12_000, 12_000, 10_000, 5_000, 5_000};

    private KeyingThink() {
    }

    /** The think time after a transaction of {@code type}, for {@code u} uniform in (0, 1]. */
    static long thinkMillis(int type, double u) {
        double mean = THINK_MEAN_MS[type];
        return Math.round(Math.min(-Math.log(u) * mean, 10 * mean));
    }

    /**
     * The wait before a transaction of {@code type}: the think time of the terminal's previous
     * transaction ({@code previous} &lt; 0: none) and this one's keying time.
     */
    static long pauseMillis(int previous, int type, double u) {
        return (previous < 0 ? 0 : thinkMillis(previous, u)) + KEYING_MS[type];
    }
}
