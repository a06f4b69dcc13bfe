package org.dbstudy.analysis.cells;

/**
 * A pooled cell's samples per second as the mean of its runs, not their sum: the pooled series adds
 * replicates second by second (two runs would show double the throughput), so each second's count is
 * divided by the runs under way in that second (a run covers its seconds from its first to its last
 * sample; a second no run covers counts as one run).
 */
public final class PerRunRates {
    private final SecondSeries pooled;
    private final int[] runs;
    private final int runCount;

    private PerRunRates(SecondSeries pooled, int[] runs, int runCount) {
        this.pooled = pooled;
        this.runs = runs;
        this.runCount = runCount;
    }

    public static PerRunRates of(Accumulator a) {
        SecondSeries pooled = a.series();
        int[] runs = new int[pooled.length()];
        for (Accumulator.RunSeries r : a.runSeries()) {
            SecondSeries s = r.series();
            int from = (int) (s.firstSecond() - pooled.firstSecond());
            for (int j = 0; j < s.length(); j++) {
                runs[from + j]++;
            }
        }
        return new PerRunRates(pooled, runs, Math.max(1, a.runSeries().size()));
    }

    /** Runs whose samples went into the pooled series (1 for an unpooled one). */
    public int runCount() {
        return runCount;
    }

    /** Seconds covered, as {@link SecondSeries#length()}. */
    public int length() {
        return pooled.length();
    }

    public long firstSecond() {
        return pooled.firstSecond();
    }

    /** Runs under way in that second (at least 1). */
    public int runs(int index) {
        return Math.max(1, runs[index]);
    }

    /** Successful samples in that second, mean per run. */
    public double successful(int index) {
        return (double) (pooled.samples(index) - pooled.errors(index)) / runs(index);
    }

    /** Failed samples in that second, mean per run. */
    public double failed(int index) {
        return (double) pooled.errors(index) / runs(index);
    }

    /** All samples in that second, mean per run. */
    public double samples(int index) {
        return (double) pooled.samples(index) / runs(index);
    }
}
