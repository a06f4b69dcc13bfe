package org.dbstudy.analysis.cells;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * How often each elapsed value (whole milliseconds) occurred. Values below {@link #DENSE_LIMIT}
 * live in an array that grows to the largest value seen; larger ones in a sorted map. Memory
 * grows with the number of distinct values, never with the number of samples, and every order
 * statistic stays exact.
 *
 * <p>Until the array would be more than {@link #SPARSE_FACTOR} times larger than the distinct values
 * it holds, they are kept as a short sorted list instead: a label with a few slow samples (a time batch,
 * one of 2,000 labels) costs bytes per value, not 16 KB for an array up to its 2 s sample. Busy counts
 * switch to the array within their first values, and their adds stay one compare and one increment.
 */
public final class ValueCounts {
    /**
     * 16 s: database response times rarely go beyond, and a study keeps one array per cell at once,
     * so 336 cells stay within 43 MB even if each saw a 16 s sample. Slower samples are few and
     * usually cluster at timeouts, which the map holds cheaply.
     */
    public static final int DENSE_LIMIT = 16_384;

    /** The array is used once it needs at most this many slots per distinct value held. */
    static final int SPARSE_FACTOR = 8;
    private static final long[] NONE = new long[0];

    private long[] dense = NONE;
    /** Before the array: distinct values below DENSE_LIMIT, ascending, and their counts (smallSize of them). */
    private long[] smallValues = NONE;
    private long[] smallCounts = NONE;
    private int smallSize;
    private final TreeMap<Long, long[]> sparse = new TreeMap<>();
    private long count;
    private long sum;

    public void add(long value) {
        add(value, 1);
    }

    public void add(long value, long times) {
        if (value >= 0 && value < dense.length) {
            dense[(int) value] += times;
        } else {
            addOutsideArray(value, times);
        }
        count += times;
        sum += value * times;
    }

    private void addOutsideArray(long value, long times) {
        if (value < 0 || value >= DENSE_LIMIT) {
            sparse.computeIfAbsent(value, v -> new long[1])[0] += times;
        } else if (dense.length > 0) {
            dense = Arrays.copyOf(dense, Math.min(DENSE_LIMIT, Integer.highestOneBit((int) value) << 1));
            dense[(int) value] += times;
        } else {
            addSmall(value, times);
        }
    }

    private void addSmall(long value, long times) {
        int at = Arrays.binarySearch(smallValues, 0, smallSize, value);
        if (at >= 0) {
            smallCounts[at] += times;
            return;
        }
        long largest = Math.max(value, smallSize == 0 ? 0 : smallValues[smallSize - 1]);
        int arrayLength = Math.min(DENSE_LIMIT, Integer.highestOneBit((int) Math.max(1, largest)) << 1);
        if ((long) (smallSize + 1) * SPARSE_FACTOR >= arrayLength) {
            dense = new long[Math.max(16, arrayLength)];
            for (int i = 0; i < smallSize; i++) {
                dense[(int) smallValues[i]] = smallCounts[i];
            }
            dense[(int) value] += times;
            smallValues = NONE;
            smallCounts = NONE;
            smallSize = 0;
            return;
        }
        if (smallSize == smallValues.length) {
            smallValues = Arrays.copyOf(smallValues, Math.max(4, smallSize * 2));
            smallCounts = Arrays.copyOf(smallCounts, smallValues.length);
        }
        int insert = -at - 1;
        System.arraycopy(smallValues, insert, smallValues, insert + 1, smallSize - insert);
        System.arraycopy(smallCounts, insert, smallCounts, insert + 1, smallSize - insert);
        smallValues[insert] = value;
        smallCounts[insert] = times;
        smallSize++;
    }

    public void addAll(ValueCounts other) {
        for (int v = 0; v < other.dense.length; v++) {
            if (other.dense[v] != 0) {
                add(v, other.dense[v]);
            }
        }
        for (int i = 0; i < other.smallSize; i++) {
            add(other.smallValues[i], other.smallCounts[i]);
        }
        for (Map.Entry<Long, long[]> e : other.sparse.entrySet()) {
            add(e.getKey(), e.getValue()[0]);
        }
    }

    public long count() {
        return count;
    }

    public long sum() {
        return sum;
    }

    /** The distinct values in ascending order with their counts. */
    public Distinct distinct() {
        int size = sparse.size() + smallSize;
        for (long c : dense) {
            size += c != 0 ? 1 : 0;
        }
        long[] values = new long[size];
        long[] counts = new long[size];
        int i = 0;
        // Negative elapsed values cannot come from JMeter, but sort them first if a file has them.
        for (Map.Entry<Long, long[]> e : sparse.headMap(0L, false).entrySet()) {
            values[i] = e.getKey();
            counts[i++] = e.getValue()[0];
        }
        // Values below the limit are either in the array or in the small list, never in both.
        for (int v = 0; v < dense.length; v++) {
            if (dense[v] != 0) {
                values[i] = v;
                counts[i++] = dense[v];
            }
        }
        System.arraycopy(smallValues, 0, values, i, smallSize);
        System.arraycopy(smallCounts, 0, counts, i, smallSize);
        i += smallSize;
        for (Map.Entry<Long, long[]> e : sparse.tailMap(0L, true).entrySet()) {
            values[i] = e.getKey();
            counts[i++] = e.getValue()[0];
        }
        return new Distinct(values, counts);
    }
}
