package org.dbstudy.analysis.cells;

import java.util.Arrays;

/**
 * Per-second bins of one run or of pooled runs: samples, summed elapsed time and errors, indexed
 * by whole seconds since the run's first timeStamp. Arrays grow with the run's duration only.
 */
public final class SecondSeries {
    private long[] samples = new long[16];
    private long[] elapsedSum = new long[16];
    private long[] errors = new long[16];
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

    public void addAll(SecondSeries other) {
        for (int j = 0; j < other.length; j++) {
            if (other.samples[j] != 0) {
                int i = slot(other.first + j);
                samples[i] += other.samples[j];
                elapsedSum[i] += other.elapsedSum[j];
                errors[i] += other.errors[j];
            }
        }
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
        }
        length = Math.max(length, i + 1);
        return i;
    }

    private void shift(int by) {
        samples = shifted(samples, by);
        elapsedSum = shifted(elapsedSum, by);
        errors = shifted(errors, by);
        length += by;
    }

    private long[] shifted(long[] a, int by) {
        long[] b = new long[Math.max(a.length, length + by)];
        System.arraycopy(a, 0, b, by, length);
        return b;
    }
}
