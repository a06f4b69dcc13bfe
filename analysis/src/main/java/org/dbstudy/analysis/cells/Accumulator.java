package org.dbstudy.analysis.cells;

import java.util.ArrayList;
import java.util.List;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.analysis.reading.SampleSet;

/**
 * Running totals of samples: elapsed-value counts of all samples and of the successful ones,
 * errors per outcome class, per-second bins and the time span for throughput. Nothing here grows
 * with the number of samples.
 *
 * <p>Throughput divides by the time the samples covered. Parts of one run (labels of one file)
 * share a span: {@link #mergeSameRun} takes the union. Replicates are separate runs with rests
 * between them: {@link #pool} adds their spans, so pooling never counts the rest as test time.
 */
public final class Accumulator {
    private final ValueCounts times = new ValueCounts();
    private final ValueCounts successTimes = new ValueCounts();
    private final long[] errorsByClass = new long[Outcome.count()];
    private final SecondSeries series = new SecondSeries();
    /** Successful samples' response times per time bucket, for percentile lines over time. */
    private final TimeHistograms overTime = new TimeHistograms();
    private final ErrorMessages errorMessages = new ErrorMessages();
    private final TryCounts tries = new TryCounts();
    private final Schedule schedule = new Schedule();
    private long errors;
    private long firstStart = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;
    private long pooledSpanMillis;
    private long connects;
    private long connectSum;
    private long connectMax = -1;
    /** Each thread's first analysed sample's elapsed (one value per thread and run). */
    private final ValueCounts firstOfThread = new ValueCounts();
    /** Epoch ms of second 0 of each pooled run's series, in pooling order. */
    private final List<Long> runStarts = new ArrayList<>();
    /** Each pooled run's own per-second series on the wall clock, for a study's timeline. */
    private final List<RunSeries> runSeries = new ArrayList<>();

    /** False for {@link #countsOnly()}: pooling leaves the series over time out. */
    private final boolean overTimeKept;

    public Accumulator() {
        this(true);
    }

    private Accumulator(boolean overTimeKept) {
        this.overTimeKept = overTimeKept;
    }

    /**
     * An accumulator for numbers only (a label's over the whole study): pooling into it leaves out the per-second
     * series and the percentiles over time, which with thousands of labels were a third of the heap.
     */
    public static Accumulator countsOnly() {
        return new Accumulator(false);
    }

    /** One run's per-second series and the epoch ms of its second 0. */
    public record RunSeries(long start, SecondSeries series) {
    }

    /**
     * @param second seconds since the run's first timeStamp, for the over-time series
     * @param outcome null for a success
     */
    public void add(long timeStamp, long elapsed, long second, Outcome outcome) {
        times.add(elapsed);
        boolean error = outcome != null && outcome.isError();
        series.add(second, elapsed, error);
        if (outcome != null) {
            // A sample still retrying when the window closed is counted by class but not as an error.
            errors += error ? 1 : 0;
            errorsByClass[outcome.ordinal()]++;
        } else {
            successTimes.add(elapsed);
            overTime.add(second, elapsed);
        }
        firstStart = Math.min(firstStart, timeStamp);
        lastEnd = Math.max(lastEnd, timeStamp + elapsed);
    }

    /**
     * Counts a sample's tries as its response message gives them ({@link TryCounts}).
     *
     * @param message the message when it may name retried tries or an intended rollback, else null
     */
    public void addTries(int tries, String message, boolean success) {
        this.tries.add(tries, message, success);
    }

    /** JMeter's allThreads of a sample in that second (the second's largest is kept); ignored when negative. */
    public void addThreads(long second, long allThreads) {
        if (allThreads > 0) {
            series.threads(second, allThreads);
        }
    }

    /** Counts a failed sample's response code and message. */
    public void addErrorMessage(String code, String message) {
        errorMessages.add(code, message);
    }

    /** Failed samples by response code and message. */
    public ErrorMessages errorMessages() {
        return errorMessages;
    }

    /** Successful samples' response times per time bucket (percentile lines over time). */
    public TimeHistograms overTime() {
        return overTime;
    }

    public TryCounts tries() {
        return tries;
    }

    /** Schedule lag, designed pauses and gaps of the samples with an intended start. */
    public Schedule schedule() {
        return schedule;
    }

    /**
     * Tries that ended without a commit, of class {@code o}: retried tries, failed samples' last tries,
     * and for {@link Outcome#INTENDED_ROLLBACK} the successful samples rolled back on purpose.
     */
    public long rollbacks(Outcome o) {
        // A sample retrying at the end has its last try among the retried ones already.
        return tries.retried(o) + (o.isError() ? errors(o) : 0)
                + (o == Outcome.INTENDED_ROLLBACK ? tries.intendedRollbacks() : 0);
    }

    /**
     * Counts a sample's connection time (JTL {@code Connect}): only samples that opened a
     * connection (Connect > 0) count, so the mean is per connection, not per sample.
     */
    public void addConnect(long connectMillis) {
        if (connectMillis > 0) {
            connects++;
            connectSum += connectMillis;
            connectMax = Math.max(connectMax, connectMillis);
        }
    }

    /** Counts the elapsed of a thread's first analysed sample in this run (it is also counted by {@link #add}). */
    public void addFirstOfThread(long elapsed) {
        firstOfThread.add(elapsed);
    }

    /** Threads' first samples: how many (one per thread and run). */
    public long firstSamples() {
        return firstOfThread.count();
    }

    /**
     * How many threads' first samples took longer than {@code thresholdMillis} (e.g. the cell's p99):
     * a first sample that pays for something later ones do not (connecting, a first prepare, a cold
     * client) shows here.
     */
    public long firstSamplesAbove(double thresholdMillis) {
        Distinct d = firstOfThread.distinct();
        long n = 0;
        for (int i = 0; i < d.size(); i++) {
            if (d.values()[i] > thresholdMillis) {
                n += d.counts()[i];
            }
        }
        return n;
    }

    /** Samples with Connect > 0. */
    public long connects() {
        return connects;
    }

    /** Mean Connect over samples with Connect > 0; NaN without any. */
    public double connectMeanMillis() {
        return connects == 0 ? Double.NaN : (double) connectSum / connects;
    }

    /** Largest Connect; NaN without any. */
    public double connectMaxMillis() {
        return connects == 0 ? Double.NaN : connectMax;
    }

    /**
     * The run's clock: the epoch ms its {@link #series()} counts seconds from (the run's first
     * workload timeStamp), so that other figures of the run (the monitor's) go on the same time axis.
     */
    public void startsAt(long epochMillis) {
        runStarts.clear();
        runStarts.add(epochMillis);
    }

    /** Each pooled run's own series with its start, in pooling order (empty without timestamps). */
    public List<RunSeries> runSeries() {
        return List.copyOf(runSeries);
    }

    /** Second 0 of each run pooled here (one per replicate), in pooling order; empty without timestamps. */
    public List<Long> runStarts() {
        return List.copyOf(runStarts);
    }

    /** Adds samples of the same run (another label of the same file). */
    public void mergeSameRun(Accumulator other) {
        mergeCounts(other);
        if (runStarts.isEmpty()) {
            runStarts.addAll(other.runStarts);
        }
        firstStart = Math.min(firstStart, other.firstStart);
        lastEnd = Math.max(lastEnd, other.lastEnd);
        pooledSpanMillis += other.pooledSpanMillis;
    }

    /** Adds the samples of another run (a replicate): its span adds to this one's. */
    public void pool(Accumulator other) {
        mergeCounts(other);
        if (overTimeKept && other.runStarts.size() == 1 && other.runSeries.isEmpty()) {
            runSeries.add(new RunSeries(other.runStarts.get(0), other.series));
        } else if (overTimeKept) {
            runSeries.addAll(other.runSeries);
        }
        runStarts.addAll(other.runStarts);
        pooledSpanMillis += other.spanMillis();
    }

    private void mergeCounts(Accumulator other) {
        times.addAll(other.times);
        successTimes.addAll(other.successTimes);
        if (overTimeKept) {
            series.addAll(other.series);
            overTime.addAll(other.overTime);
        }
        errorMessages.addAll(other.errorMessages);
        tries.addAll(other.tries);
        schedule.addAll(other.schedule);
        errors += other.errors;
        connects += other.connects;
        connectSum += other.connectSum;
        connectMax = Math.max(connectMax, other.connectMax);
        firstOfThread.addAll(other.firstOfThread);
        for (int i = 0; i < errorsByClass.length; i++) {
            errorsByClass[i] += other.errorsByClass[i];
        }
    }

    /** Milliseconds of test time: last end minus first start, summed over pooled runs. */
    public long spanMillis() {
        long own = lastEnd >= firstStart ? lastEnd - firstStart : 0;
        return own + pooledSpanMillis;
    }

    public ValueCounts times() {
        return times;
    }

    /** Elapsed-value counts of the successful samples only. */
    public ValueCounts successTimes() {
        return successTimes;
    }

    /** The counts of {@code set}: all samples or the successful ones. */
    public ValueCounts times(SampleSet set) {
        return set == SampleSet.ALL ? times : successTimes;
    }

    public SecondSeries series() {
        return series;
    }

    public long samples() {
        return times.count();
    }

    /** Failed samples that count as errors ({@link Outcome#isError}). */
    public long errors() {
        return errors;
    }

    /** Failed samples of a class; for {@link Outcome#RETRYING_AT_END}, the samples cut off by the window's end. */
    public long errors(Outcome outcome) {
        return errorsByClass[outcome.ordinal()];
    }

    /** Samples still retrying when their window ended: neither successes nor errors. */
    public long retryingAtEnd() {
        return errorsByClass[Outcome.RETRYING_AT_END.ordinal()];
    }
}
