package org.dbstudy.analysis.cells;

/**
 * Response times corrected for coordinated omission the way HdrHistogram's
 * {@code recordValueWithExpectedInterval} does it: a sample that took {@code v} ms when a thread
 * meant to start one every {@code interval} ms hid the samples it kept from starting, so beside
 * {@code v} it counts {@code v − interval}, {@code v − 2·interval}, … while they are at least the
 * interval. Done once over a cell's per-ms counts, so nothing grows with the number of samples.
 */
public final class CoordinatedOmission {
    private CoordinatedOmission() {
    }

    /** {@code raw} with the missing samples added; {@code raw} itself when the interval is not above 0. */
    public static Distinct correct(Distinct raw, long intervalMillis) {
        if (intervalMillis <= 0) {
            return raw;
        }
        ValueCounts out = new ValueCounts();
        long[] values = raw.values();
        long[] counts = raw.counts();
        for (int i = 0; i < values.length; i++) {
            out.add(values[i], counts[i]);
            for (long missing = values[i] - intervalMillis; missing >= intervalMillis; missing -= intervalMillis) {
                out.add(missing, counts[i]);
            }
        }
        return out.distinct();
    }
}
