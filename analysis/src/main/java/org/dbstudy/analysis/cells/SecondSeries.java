package org.dbstudy.analysis.cells;

import java.util.Arrays;

/**
 * Per-second bins of one run or of pooled runs: samples, summed elapsed time, errors and the most
 * active threads JMeter reported (allThreads), indexed by whole seconds since the run's first
 * timeStamp. Arrays grow with the run's duration only. Pooled runs add up; threads keep the larger.
 *
 * <p>A series whose samples fall in fewer than half of the seconds it spans (one of 2,000 labels, a
 * sample every half minute) keeps only its occupied seconds, sorted: 2,000 such labels over an hour
 * had run out of the 384 MB heap at 32 bytes per label and second. Once half its seconds are occupied it
 * switches to one slot per second, so a busy series pays one compare more per sample.
 */
public final class SecondSeries {
    private static final long[] NONE = new long[0];
    /** Occupied seconds a series keeps sorted before it may switch to a slot per second. */
    private static final int SPARSE_MIN = 16;

    /** Whether the arrays hold only the occupied seconds ({@link #seconds}, ascending) instead of every one. */
    private boolean sparse = true;
    private long[] seconds = NONE;
    private long[] samples = NONE;
    private long[] elapsedSum = NONE;
    private long[] errors = NONE;
    private long[] threads = NONE;
    /** Dense: the second stored at index 0; lower seconds shift the arrays (rare: an early-starting late row). */
    private long first = 0;
    /** Dense: seconds covered from {@link #first}; sparse: occupied seconds stored. */
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
                int i = slot(other.sparse ? other.seconds[j] : other.first + j);
                samples[i] += other.samples[j];
                elapsedSum[i] += other.elapsedSum[j];
                errors[i] += other.errors[j];
                threads[i] = Math.max(threads[i], other.threads[j]);
            }
        }
    }

    /** The most active threads JMeter reported in that second; 0 when the file had no allThreads. */
    public long threads(int index) {
        int i = stored(index);
        return i < 0 ? 0 : threads[i];
    }

    /** Seconds covered, from {@link #firstSecond()}. */
    public int length() {
        return !sparse ? length : length == 0 ? 0 : (int) (seconds[length - 1] - seconds[0] + 1);
    }

    public long firstSecond() {
        return sparse && length > 0 ? seconds[0] : first;
    }

    public long samples(int index) {
        int i = stored(index);
        return i < 0 ? 0 : samples[i];
    }

    public long errors(int index) {
        int i = stored(index);
        return i < 0 ? 0 : errors[i];
    }

    /** Mean elapsed in that second, NaN when it had no samples. */
    public double meanMillis(int index) {
        int i = stored(index);
        return i < 0 || samples[i] == 0 ? Double.NaN : (double) elapsedSum[i] / samples[i];
    }

    /** Where the second {@code index} after the first is stored, or -1 when it is not. */
    private int stored(int index) {
        if (!sparse) {
            return index;
        }
        int i = length == 0 ? -1 : Arrays.binarySearch(seconds, 0, length, seconds[0] + index);
        return Math.max(-1, i);
    }

    private int slot(long second) {
        return sparse ? sparseSlot(second) : denseSlot(second);
    }

    private int sparseSlot(long second) {
        int at = length > 0 && seconds[length - 1] == second ? length - 1 : Arrays.binarySearch(seconds, 0, length, second);
        if (at >= 0) {
            return at;
        }
        at = -at - 1;
        if (length == seconds.length) {
            int size = Math.max(4, length * 2);
            seconds = Arrays.copyOf(seconds, size);
            resize(size);
        }
        for (long[] a : new long[][] {seconds, samples, elapsedSum, errors, threads}) {
            System.arraycopy(a, at, a, at + 1, length - at);
            a[at] = 0;
        }
        seconds[at] = second;
        length++;
        // One slot per second once it costs at most twice the occupied seconds' entries (~ 40 bytes each).
        if (length >= SPARSE_MIN && (long) length * 2 >= seconds[length - 1] - seconds[0] + 1) {
            toDense();
            return denseSlot(second);
        }
        return at;
    }

    private void toDense() {
        long from = seconds[0];
        int span = (int) (seconds[length - 1] - from + 1);
        long[][] old = {samples, elapsedSum, errors, threads};
        long[][] dense = new long[4][Math.max(16, span)];
        for (int j = 0; j < length; j++) {
            int i = (int) (seconds[j] - from);
            for (int k = 0; k < 4; k++) {
                dense[k][i] = old[k][j];
            }
        }
        samples = dense[0];
        elapsedSum = dense[1];
        errors = dense[2];
        threads = dense[3];
        seconds = NONE;
        first = from;
        length = span;
        sparse = false;
    }

    private int denseSlot(long second) {
        if (second < first) {
            shift((int) (first - second));
            first = second;
        }
        int i = (int) (second - first);
        if (i >= samples.length) {
            resize(Math.max(i + 1, samples.length * 2));
        }
        length = Math.max(length, i + 1);
        return i;
    }

    private void resize(int size) {
        samples = Arrays.copyOf(samples, size);
        elapsedSum = Arrays.copyOf(elapsedSum, size);
        errors = Arrays.copyOf(errors, size);
        threads = Arrays.copyOf(threads, size);
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
