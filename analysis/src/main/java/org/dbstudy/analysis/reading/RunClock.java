package org.dbstudy.analysis.reading;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which samples of one result file lie in its run's time: a timeStamp from another era (a clock set to
 * 1970, a year 2100, a digit lost) must not stretch the run's span, its throughput or anything indexed by
 * time. The run's time is anchored on the median end (timeStamp + elapsed) of the file's first
 * {@link #ANCHOR_SAMPLES} samples, so one bad first row cannot set it; from there it grows with the samples
 * it keeps. A sample is far off when it ended more than {@link #FAR_MILLIS} before the earliest start kept so
 * far, or started more than that after the latest end: it is left out (counted, the first one named).
 * JMeter writes a row when its sample ends, so ends come nearly in order and a sample that started long
 * before (a setUp's data load) still ends next to the others. Until the anchor is set the first samples are
 * held back (copies); after it, each sample costs two compares.
 */
public final class RunClock implements Sample.Sink {
    /** Samples whose median end anchors the run's time (fewer when the file has fewer). */
    public static final int ANCHOR_SAMPLES = 1000;
    /**
     * How far outside the kept samples' span a sample must lie to be left out: an hour, more than any
     * pause inside a JMeter run, much less than a wrong clock's years.
     */
    public static final long FAR_MILLIS = 3_600_000L;

    private final Sample.Sink next;
    private List<Sample> held = new ArrayList<>();
    private long first;
    private long last;
    private long low;
    private long high;
    private long farSamples;
    private Sample firstFar;
    private String firstFarWords;

    /** @param next where the samples within the run's time go, in file order */
    public RunClock(Sample.Sink next) {
        this.next = next;
    }

    @Override
    public void accept(Sample s) {
        if (held == null) {
            if (inRun(s)) {
                next.accept(s);
            }
            return;
        }
        held.add(s.copy());
        if (held.size() == ANCHOR_SAMPLES) {
            settle();
        }
    }

    /** The file is read: the samples still held back go on. */
    public void end() {
        if (held != null) {
            settle();
        }
    }

    /** Samples left out as far off. */
    public long farSamples() {
        return farSamples;
    }

    /** The first far-off sample's line (0 without one). */
    public long firstFarLine() {
        return firstFar == null ? 0 : firstFar.line;
    }

    /**
     * The first far-off sample in words: "4102444800000 (2100-01-01T00:00:00Z) is 75 years after
     * the file's other samples"; null without one.
     */
    public String firstFarWords() {
        return firstFarWords;
    }

    private void settle() {
        long[] ends = new long[held.size()];
        for (int i = 0; i < ends.length; i++) {
            ends[i] = end(held.get(i));
        }
        java.util.Arrays.sort(ends);
        long anchor = ends.length == 0 ? 0 : ends[ends.length / 2];
        first = anchor;
        last = anchor;
        low = minusFar(anchor);
        high = plusFar(anchor);
        List<Sample> replay = held;
        held = null;
        for (Sample s : replay) {
            if (inRun(s)) {
                next.accept(s);
            }
        }
    }

    private boolean inRun(Sample s) {
        long end = end(s);
        if (end < low || s.timeStamp > high) {
            far(s, end);
            return false;
        }
        if (s.timeStamp < first) {
            first = s.timeStamp;
            low = minusFar(first);
        }
        if (end > last) {
            last = end;
            high = plusFar(last);
        }
        return true;
    }

    /** The sample's end; a timeStamp so large that adding elapsed overflows counts as its own end. */
    private static long end(Sample s) {
        long end = s.timeStamp + s.elapsed;
        return end < s.timeStamp ? s.timeStamp : end;
    }

    /** Limits near the ends of long's range stay there instead of wrapping. */
    private static long minusFar(long t) {
        return t < Long.MIN_VALUE + FAR_MILLIS ? Long.MIN_VALUE : t - FAR_MILLIS;
    }

    private static long plusFar(long t) {
        return t > Long.MAX_VALUE - FAR_MILLIS ? Long.MAX_VALUE : t + FAR_MILLIS;
    }

    private void far(Sample s, long end) {
        farSamples++;
        if (firstFar == null) {
            firstFar = s.copy();
            boolean after = s.timeStamp > high;
            double by = after ? (double) s.timeStamp - last : (double) first - end;
            firstFarWords = s.timeStamp + " (" + instant(s.timeStamp) + ") is " + duration(by) + " "
                    + (after ? "after" : "before") + " the file's other samples";
        }
    }

    private static String instant(long epochMillis) {
        try {
            return Instant.ofEpochMilli(epochMillis).toString();
        } catch (java.time.DateTimeException e) {
            return "not a date";
        }
    }

    /** A distance in time in the largest unit that keeps it above 1: "75 years", "3.2 hours". */
    static String duration(double millis) {
        double hours = millis / 3_600_000.0;
        if (hours >= 24 * 365.25) {
            return String.format(Locale.ROOT, "%.0f years", hours / (24 * 365.25));
        }
        if (hours >= 48) {
            return String.format(Locale.ROOT, "%.0f days", hours / 24);
        }
        return String.format(Locale.ROOT, "%.1f hours", hours);
    }
}
