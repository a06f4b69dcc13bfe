package org.dbstudy.analysis.cells;

/**
 * How well samples kept their schedule (the dbstudy sampler's {@code intendedStart} column): each
 * sample's lag behind its intended start, and, over consecutive samples of a thread, the designed
 * pause (intended start minus the previous end) and the actual gap between starts. Sums add over
 * labels and runs.
 *
 * <p>A thread with a timer is a closed loop: it cannot start before its last request returned, so even
 * an idle machine offers one sample per pause plus response time. The designed period is therefore the
 * pause plus the cell's fastest response (the service time without queueing), and the designed rate
 * {@code offered × Σgap / (Σpause + pauses × fastest)}: for one thread, 1 / (pause + fastest). Leaving
 * the response out would mark every cell whose queries take a noticeable share of the pause.
 *
 * <p>Since the intended start counts from the previous end, a thread whose responses grow (a starved
 * server) shows no lag at all: it simply offers less. A cell is therefore behind when its p99 lag is
 * over its bound or when it offered less than {@link #OFFERED_BOUND_SHARE} of the designed rate.
 * Nothing here grows with the number of samples.
 */
public final class Schedule {
    /**
     * A cell is behind its schedule when its 99th percentile lag exceeds this share of the designed
     * pause, or {@link #MIN_BOUND_MILLIS} when that is more: a random timer's pauses scatter around
     * their mean by up to about a tenth of it, JMeter's own work between samples takes a millisecond.
     */
    public static final double BOUND_SHARE = 0.25;
    public static final double MIN_BOUND_MILLIS = 10;
    /**
     * A cell is behind when it offered less than this share of its designed rate: response times at
     * least about a tenth of the designed period above the fastest one. A lightly loaded cell's mean
     * response stays within a few ms of its fastest (S0's 0.1 s interval: 2–5 %), the 5-user cell of
     * issue 23 offered 80 % (361 of 450).
     */
    public static final double OFFERED_BOUND_SHARE = 0.9;

    /** Lag in ms, a sample that started early (a random timer's short pause) counted as 0. */
    private final ValueCounts lag = new ValueCounts();
    /** Response times (ms) of the samples with an intended start. */
    private final ValueCounts elapsed = new ValueCounts();
    private long pauses;
    private long pauseSum;
    private long gapSum;

    void addLag(long lagMillis, long elapsedMillis) {
        lag.add(Math.max(0, lagMillis));
        elapsed.add(Math.max(0, elapsedMillis));
    }

    void addPause(long pauseMillis, long gapMillis) {
        pauses++;
        pauseSum += Math.max(0, pauseMillis);
        gapSum += Math.max(0, gapMillis);
    }

    void addAll(Schedule o) {
        lag.addAll(o.lag);
        elapsed.addAll(o.elapsed);
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

    /** The fastest response of a sample with an intended start, ms; NaN without one. */
    public double fastestMillis() {
        return samples() == 0 ? Double.NaN : elapsed.distinct().min();
    }

    /** Response times (ms) of the samples with an intended start, as measured. */
    public Distinct responses() {
        return elapsed.distinct();
    }

    /**
     * {@link #responses()} corrected for coordinated omission ({@link CoordinatedOmission}) with the
     * designed period, rounded to whole ms, as the expected interval; as measured without pauses.
     */
    public Distinct corrected() {
        double period = designedPeriodMillis();
        return CoordinatedOmission.correct(responses(), Double.isNaN(period) ? 0 : Math.round(period));
    }

    /** The designed period of a thread, ms: the mean pause plus the fastest response; NaN without pauses. */
    public double designedPeriodMillis() {
        return meanPauseMillis() + fastestMillis();
    }

    /**
     * Designed samples per second, from the offered rate: offered × Σgap / (Σpause + pauses × fastest);
     * NaN without pauses.
     */
    public double designedPerSecond(double offeredPerSecond) {
        double period = pauseSum + pauses * fastestMillis();
        return pauses == 0 || period <= 0 ? Double.NaN : offeredPerSecond * gapSum / period;
    }

    /**
     * Offered over designed rate, (Σpause + pauses × fastest) / Σgap: the designed period over the
     * actual one; NaN without pauses.
     */
    public double offeredShare() {
        return pauses == 0 || gapSum == 0 ? Double.NaN : (pauseSum + pauses * fastestMillis()) / gapSum;
    }

    /** The lag above which a cell is behind its schedule, ms. */
    public double boundMillis() {
        double pause = meanPauseMillis();
        return Double.isNaN(pause) ? MIN_BOUND_MILLIS : Math.max(MIN_BOUND_MILLIS, BOUND_SHARE * pause);
    }

    /** Whether the 99th percentile lag exceeds {@link #boundMillis()}. */
    public boolean lagOver() {
        return samples() > 0 && lag().percentile(SampleStats.P99) > boundMillis();
    }

    /** Whether the cell offered less than {@link #OFFERED_BOUND_SHARE} of its designed rate. */
    public boolean offeredUnder() {
        return offeredShare() < OFFERED_BOUND_SHARE;
    }

    /** Behind its schedule: lag over its bound, or too little of the designed rate offered. */
    public boolean behind() {
        return lagOver() || offeredUnder();
    }
}
