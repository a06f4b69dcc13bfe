package org.dbstudy.analysis.cells;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * How often each elapsed value (whole milliseconds) occurred. Values below {@link #DENSE_LIMIT}
 * live in an array that grows to the largest value seen; larger ones in a sorted map. Memory
 * grows with the number of distinct values, never with the number of samples, and every order
 * statistic stays exact.
 */
public final class ValueCounts {
    /**
     * 16 s: database response times rarely go beyond, and a study keeps one array per cell at once,
     * so 336 cells stay within 43 MB even if each saw a 16 s sample. Slower samples are few and
     * usually cluster at timeouts, which the map holds cheaply.
     */
    public static final int DENSE_LIMIT = 16_384;

    private long[] dense = new long[64];
    private final TreeMap<Long, long[]> sparse = new TreeMap<>();
    private long count;
    private long sum;

    public void add(long value) {
        add(value, 1);
    }

    public void add(long value, long times) {
        if (value >= 0 && value < DENSE_LIMIT) {
            if (value >= dense.length) {
                dense = Arrays.copyOf(dense, Math.min(DENSE_LIMIT, Integer.highestOneBit((int) value) << 1));
            }
            dense[(int) value] += times;
        } else {
            sparse.computeIfAbsent(value, v -> new long[1])[0] += times;
        }
        count += times;
        sum += value * times;
    }

    public void addAll(ValueCounts other) {
        for (int v = 0; v < other.dense.length; v++) {
            if (other.dense[v] != 0) {
                add(v, other.dense[v]);
            }
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
        int size = sparse.size();
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
        for (int v = 0; v < dense.length; v++) {
            if (dense[v] != 0) {
                values[i] = v;
                counts[i++] = dense[v];
            }
        }
        for (Map.Entry<Long, long[]> e : sparse.tailMap(0L, true).entrySet()) {
            values[i] = e.getKey();
            counts[i++] = e.getValue()[0];
        }
        return new Distinct(values, counts);
    }
}
