package org.dbstudy.cli.run;

/**
 * Where a running cell is in its life, so a progress line never says "0:01:20 of 0:00:30": it is
 * <em>preparing</em> (JMeter starting, setUp loading, users connecting and priming) until the first
 * workload sample is written, then <em>measuring</em> the study's window, then <em>finishing</em>
 * (tearDown, JMeter's report and exit) once the window has passed.
 */
final class CellPhase {
    private final long startNanos;
    private final long durationSeconds;
    private long firstSampleNanos = -1;

    CellPhase(long startNanos, long durationSeconds) {
        this.startNanos = startNanos;
        this.durationSeconds = durationSeconds;
    }

    /** Told at each look at the JTL; the first look that finds a workload sample starts the window. */
    void samplesSeen(long samples, long nowNanos) {
        if (firstSampleNanos < 0 && samples > 0) {
            firstSampleNanos = nowNanos;
        }
    }

    boolean measuring() {
        return firstSampleNanos >= 0;
    }

    /** Seconds from JMeter's start to the first workload sample (so far, while still preparing). */
    long preparingSeconds(long nowNanos) {
        return seconds((firstSampleNanos < 0 ? nowNanos : firstSampleNanos) - startNanos);
    }

    /** Seconds of the measured window that have passed. */
    long measuredSeconds(long nowNanos) {
        return firstSampleNanos < 0 ? 0 : Math.min(durationSeconds, seconds(nowNanos - firstSampleNanos));
    }

    /** The phase as a progress line shows it. */
    String describe(long nowNanos) {
        if (firstSampleNanos < 0) {
            return "preparing " + Durations.hms(preparingSeconds(nowNanos)) + " (JMeter start, setUp, connecting)";
        }
        long sinceFirst = seconds(nowNanos - firstSampleNanos);
        if (sinceFirst <= durationSeconds) {
            return "measuring " + Durations.hms(sinceFirst) + " of " + Durations.hms(durationSeconds);
        }
        return "finishing " + Durations.hms(sinceFirst - durationSeconds) + " (window of "
                + Durations.hms(durationSeconds) + " done; tearDown, report)";
    }

    /**
     * Seconds this cell still needs: the rest of the expected preparation while preparing, then the
     * rest of the window plus the expected finishing time.
     */
    long secondsLeft(long nowNanos, long expectedPreparingSeconds, long expectedFinishingSeconds) {
        if (firstSampleNanos < 0) {
            return Math.max(0, expectedPreparingSeconds - preparingSeconds(nowNanos)) + durationSeconds
                    + expectedFinishingSeconds;
        }
        long sinceFirst = seconds(nowNanos - firstSampleNanos);
        return Math.max(0, durationSeconds - sinceFirst)
                + Math.max(0, expectedFinishingSeconds - Math.max(0, sinceFirst - durationSeconds));
    }

    private static long seconds(long nanos) {
        return Math.max(0, nanos / 1_000_000_000L);
    }
}
