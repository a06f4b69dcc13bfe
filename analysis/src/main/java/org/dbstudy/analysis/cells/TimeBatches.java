package org.dbstudy.analysis.cells;

import java.util.ArrayList;
import java.util.List;

/**
 * One run's samples in consecutive time batches by end time (timeStamp + elapsed, from the run's
 * first workload sample), each batch as per-value counts. Batches start at one second; when a
 * sample falls beyond {@link #MAX_BATCHES} batches, neighbours merge in pairs and the batch
 * length doubles. A run of at least {@code MAX_BATCHES / 2} seconds therefore ends with 20 to 40
 * batches of equal length, a shorter one with a batch per second. Memory: at most 40 count arrays
 * per label of the file being read; they become a {@link RunValues} when the file is done.
 *
 * <p>Why: latencies of one run are autocorrelated (a slow second is followed by a slow second), so
 * samples are not independent. Means of long enough batches nearly are, and their spread gives an
 * honest interval (the batch means method).
 */
public final class TimeBatches {
    public static final int MAX_BATCHES = 40;
    public static final long FIRST_BATCH_MILLIS = 1000;

    private long batchMillis = FIRST_BATCH_MILLIS;
    private final List<ValueCounts> batches = new ArrayList<>();

    /** @param offsetMillis end of the sample since the run's start; earlier ends count in the first batch */
    public void add(long offsetMillis, long elapsed) {
        long index = Math.max(0, offsetMillis) / batchMillis;
        while (index >= MAX_BATCHES) {
            coarsen();
            index = Math.max(0, offsetMillis) / batchMillis;
        }
        batch((int) index).add(elapsed);
    }

    /** Adds the batches of another label of the same run (same start). */
    public void addAll(TimeBatches other) {
        while (batchMillis < other.batchMillis) {
            coarsen();
        }
        while (other.batchMillis < batchMillis) {
            other.coarsen();
        }
        for (int i = 0; i < other.batches.size(); i++) {
            batch(i).addAll(other.batches.get(i));
        }
    }

    public long batchMillis() {
        return batchMillis;
    }

    /** The run's values: its exact statistics from {@code whole} and per-batch statistics. */
    public RunValues values(Distinct whole) {
        List<long[]> counts = new ArrayList<>();
        List<double[]> stats = new ArrayList<>();
        for (ValueCounts b : batches) {
            if (b.count() > 0) {
                Distinct d = b.distinct();
                counts.add(new long[] {b.count()});
                stats.add(RunValues.statistics(d));
            }
        }
        long[] n = new long[counts.size()];
        double[][] byMetric = new double[RunValues.METRICS.length][counts.size()];
        for (int i = 0; i < n.length; i++) {
            n[i] = counts.get(i)[0];
            for (int m = 0; m < byMetric.length; m++) {
                byMetric[m][i] = stats.get(i)[m];
            }
        }
        return new RunValues(whole.total(), RunValues.statistics(whole), batchMillis / 1000.0, n, byMetric, null, null,
                java.util.Map.of());
    }

    private ValueCounts batch(int index) {
        while (batches.size() <= index) {
            batches.add(new ValueCounts());
        }
        return batches.get(index);
    }

    private void coarsen() {
        List<ValueCounts> merged = new ArrayList<>();
        for (int i = 0; i < batches.size(); i += 2) {
            ValueCounts pair = batches.get(i);
            if (i + 1 < batches.size()) {
                pair.addAll(batches.get(i + 1));
            }
            merged.add(pair);
        }
        batches.clear();
        batches.addAll(merged);
        batchMillis *= 2;
    }
}
