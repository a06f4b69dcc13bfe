package org.dbstudy.analysis.cells;

import java.util.Arrays;

/**
 * Per-second bins of one run or of pooled runs: samples, summed elapsed time, errors and the most
 * active threads JMeter reported (allThreads), indexed by whole seconds since the run's first
 * timeStamp. Arrays grow with the run's duration only. Pooled runs add up; threads keep the larger.
 */
public final class SecondSeries {
    private long[] samples = new long[16];
    private long[] elapsedSum = new long[16];
    private long[] errors = new long[16];
    private long[] threads = new long[16];
    /** The second stored at index 0; lower seconds shift the arrays (rare: an early-starting late row). */
    private long first = 0;
    private int length;

    public void add(long second, long elapsed, boolean error) {
        int i = slot(second);
        samples[i]++;
        elapsedSum[i] += elapsed;
        if (error) {
            errors[i]++;
        }
    }

    /** Keeps the second's largest active-thread count. */
    public void threads(long second, long active) {
        int i = slot(second);
        threads[i] = Math.max(threads[i], active);
    }

    public void addAll(SecondSeries other) {
        for (int j = 0; j < other.length; j++) {
            if (other.samples[j] != 0 || other.threads[j] != 0) {
                int i = slot(other.first + j);
                samples[i] += other.samples[j];
                elapsedSum[i] += other.elapsedSum[j];
                errors[i] += other.errors[j];
                threads[i] = Math.max(threads[i], other.threads[j]);
            }
        }
    }

    /** The most active threads JMeter reported in that second; 0 when the file had no allThreads. */
    public long threads(int index) {
        return threads[index];
    }

    /** Seconds covered, from {@link #firstSecond()}. */
    public int length() {
        return length;
    }

    public long firstSecond() {
        return first;
    }

    public long samples(int index) {
        return samples[index];
    }

    public long errors(int index) {
        return errors[index];
    }

    /** Mean elapsed in that second, NaN when it had no samples. */
    public double meanMillis(int index) {
        return samples[index] == 0 ? Double.NaN : (double) elapsedSum[index] / samples[index];
    }

    private int slot(long second) {
        if (length == 0) {
            first = second;
        } else if (second < first) {
            shift((int) (first - second));
            first = second;
        }
        int i = (int) (second - first);
        if (i >= samples.length) {
            int size = Math.max(i + 1, samples.length * 2);
            samples = Arrays.copyOf(samples, size);
            elapsedSum = Arrays.copyOf(elapsedSum, size);
            errors = Arrays.copyOf(errors, size);
            threads = Arrays.copyOf(threads, size);
        }
        length = Math.max(length, i + 1);
        return i;
    }

    private void shift(int by) {
        samples = shifted(samples, by);
        elapsedSum = shifted(elapsedSum, by);
        errors = shifted(errors, by);
        threads = shifted(threads, by);
        length += by;
    }

    private long[] shifted(long[] a, int by) {
        long[] b = new long[Math.max(a.length, length + by)];
        System.arraycopy(a, 0, b, by, length);
        return b;
    }
}
