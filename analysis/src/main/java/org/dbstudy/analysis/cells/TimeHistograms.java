package org.dbstudy.analysis.cells;

import java.util.Arrays;

/**
 * Response times over time for percentile lines (JMeter's dashboard graph "Response Time Percentiles
 * Over Time"): per time bucket a histogram whose bins are exact up to 31 ms and then 16 per doubling
 * (within 6.25 %). A run starts with 1 s buckets; past {@link #MAX_BUCKETS} buckets their width
 * doubles, so memory stays bounded (at most MAX_BUCKETS small arrays) however long a run is. Only
 * the over-time figures read it; every number in the tables is exact ({@link ValueCounts}).
 */
public final class TimeHistograms {
    public static final int MAX_BUCKETS = 120;
    private static final int EXACT = 32;
    private static final int PER_DOUBLING = 16;

    private int secondsPerBucket = 1;
    private int[][] buckets = new int[0][];

    public void add(long second, long elapsed) {
        if (second < 0 || elapsed < 0) {
            return;
        }
        long b = second / secondsPerBucket;
        while (b >= MAX_BUCKETS) {
            coarsen(secondsPerBucket * 2);
            b = second / secondsPerBucket;
        }
        count((int) b, bin(elapsed), 1);
    }

    public void addAll(TimeHistograms other) {
        if (other.secondsPerBucket > secondsPerBucket) {
            coarsen(other.secondsPerBucket);
        }
        int ratio = secondsPerBucket / other.secondsPerBucket;
        for (int i = 0; i < other.buckets.length; i++) {
            int[] h = other.buckets[i];
            if (h != null) {
                for (int bin = 0; bin < h.length; bin++) {
                    if (h[bin] != 0) {
                        count(i / ratio, bin, h[bin]);
                    }
                }
            }
        }
    }

    public int secondsPerBucket() {
        return secondsPerBucket;
    }

    public int buckets() {
        return buckets.length;
    }

    /** Samples in a bucket. */
    public long samples(int bucket) {
        int[] h = buckets[bucket];
        return h == null ? 0 : Arrays.stream(h).asLongStream().sum();
    }

    /**
     * The bucket's percentile by JMeter's rule (the k-th smallest, k = max(1, round(n·p))), read as
     * the middle of the value's bin; NaN for an empty bucket.
     */
    public double percentile(int bucket, double fraction) {
        int[] h = buckets[bucket];
        long n = h == null ? 0 : samples(bucket);
        if (n == 0) {
            return Double.NaN;
        }
        long k = Math.max(1, Math.round(n * fraction));
        long seen = 0;
        for (int bin = 0; bin < h.length; bin++) {
            seen += h[bin];
            if (seen >= k) {
                return middle(bin);
            }
        }
        return middle(h.length - 1);
    }

    /** The largest value's bin upper end in a bucket; NaN when empty. */
    public double max(int bucket) {
        int[] h = buckets[bucket];
        if (h != null) {
            for (int bin = h.length - 1; bin >= 0; bin--) {
                if (h[bin] != 0) {
                    return bin < EXACT ? bin : lower(bin) + width(bin) - 1;
                }
            }
        }
        return Double.NaN;
    }

    static int bin(long v) {
        if (v < EXACT) {
            return (int) v;
        }
        int e = 63 - Long.numberOfLeadingZeros(v); // 2^e <= v, e >= 5
        int sub = (int) (v >> (e - 4)) & (PER_DOUBLING - 1);
        return EXACT + (e - 5) * PER_DOUBLING + sub;
    }

    static long lower(int bin) {
        if (bin < EXACT) {
            return bin;
        }
        int e = (bin - EXACT) / PER_DOUBLING + 5;
        int sub = (bin - EXACT) % PER_DOUBLING;
        return (long) (PER_DOUBLING + sub) << (e - 4);
    }

    static long width(int bin) {
        return bin < EXACT ? 1 : 1L << ((bin - EXACT) / PER_DOUBLING + 1);
    }

    static double middle(int bin) {
        return bin < EXACT ? bin : lower(bin) + (width(bin) - 1) / 2.0;
    }

    private void count(int bucket, int bin, int n) {
        if (bucket >= buckets.length) {
            buckets = Arrays.copyOf(buckets, Math.max(bucket + 1, Math.min(MAX_BUCKETS, buckets.length * 2 + 4)));
        }
        int[] h = buckets[bucket];
        if (h == null || bin >= h.length) {
            h = h == null ? new int[Math.max(bin + 1, 48)] : Arrays.copyOf(h, Math.max(bin + 1, h.length + 16));
            buckets[bucket] = h;
        }
        h[bin] += n;
    }

    private void coarsen(int width) {
        int ratio = width / secondsPerBucket;
        int[][] old = buckets;
        buckets = new int[(old.length + ratio - 1) / ratio][];
        secondsPerBucket = width;
        for (int i = 0; i < old.length; i++) {
            int[] h = old[i];
            if (h != null) {
                for (int bin = 0; bin < h.length; bin++) {
                    if (h[bin] != 0) {
                        count(i / ratio, bin, h[bin]);
                    }
                }
            }
        }
    }
}
