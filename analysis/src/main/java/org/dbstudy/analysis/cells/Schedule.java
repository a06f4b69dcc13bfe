package org.dbstudy.analysis.cells;

/**
 * How well samples kept their schedule (the dbstudy sampler's {@code intendedStart} column): each
 * sample's lag behind its intended start, and, over consecutive samples of a thread, the designed
 * pause (intended start minus the previous end) and the actual gap between starts. Sums add over
 * labels and runs, so the designed rate of a cell is {@code offered × Σgap / Σpause}: for one thread,
 * 1 / pause, whatever its response times. Nothing here grows with the number of samples.
 */
public final class Schedule {
    /**
     * A cell is behind its schedule when its 99th percentile lag exceeds this share of the designed
     * pause, or {@link #MIN_BOUND_MILLIS} when that is more: a random timer's pauses scatter around
     * their mean by up to about a tenth of it, JMeter's own work between samples takes a millisecond.
     */
    public static final double BOUND_SHARE = 0.25;
    public static final double MIN_BOUND_MILLIS = 10;

    /** Lag in ms, a sample that started early (a random timer's short pause) counted as 0. */
    private final ValueCounts lag = new ValueCounts();
    private long pauses;
    private long pauseSum;
    private long gapSum;

    void addLag(long lagMillis) {
        lag.add(Math.max(0, lagMillis));
    }

    void addPause(long pauseMillis, long gapMillis) {
        pauses++;
        pauseSum += Math.max(0, pauseMillis);
        gapSum += Math.max(0, gapMillis);
    }

    void addAll(Schedule o) {
        lag.addAll(o.lag);
        pauses += o.pauses;
        pauseSum += o.pauseSum;
        gapSum += o.gapSum;
    }

    /** Samples with an intended start. */
    public long samples() {
        return lag.count();
    }

    /** Lag values (ms, at least 0) of the samples with an intended start. */
    public Distinct lag() {
        return lag.distinct();
    }

    /** The mean designed pause before a sample, ms; NaN without consecutive samples on a schedule. */
    public double meanPauseMillis() {
        return pauses == 0 ? Double.NaN : (double) pauseSum / pauses;
    }

    /** Designed samples per second, from the offered rate: offered × Σgap / Σpause; NaN without pauses. */
    public double designedPerSecond(double offeredPerSecond) {
        return pauseSum == 0 ? Double.NaN : offeredPerSecond * gapSum / pauseSum;
    }

    /** The lag above which a cell is behind its schedule, ms. */
    public double boundMillis() {
        double pause = meanPauseMillis();
        return Double.isNaN(pause) ? MIN_BOUND_MILLIS : Math.max(MIN_BOUND_MILLIS, BOUND_SHARE * pause);
    }

    /** Whether the 99th percentile lag exceeds {@link #boundMillis()}. */
    public boolean behind() {
        return samples() > 0 && lag().percentile(SampleStats.P99) > boundMillis();
    }
}
