package org.dbstudy.analysis.stopping;

/**
 * When one statistic of a running cell is settled: at or past the minimum duration, its warm-up detected over by
 * {@link Mser} and the relative half-width of its {@link BatchMeans} interval, over the observations after the cut,
 * at most {@code target}. Past the maximum duration the cell ends whatever the precision. Looked at again and
 * again as the cell runs, the rule stops at the first look that passes: the minimum duration and the
 * {@link #MIN_KEPT} observations after the cut keep the earliest looks, whose intervals are the least reliable,
 * from stopping the cell (docs/analysis.md measures what is left of that bias).
 *
 * @param minSeconds the earliest a cell may end
 * @param maxSeconds the latest: the cell's planned duration
 * @param target     the relative half-width to reach, 0.05 for ±5 %
 * @param level      the interval's confidence level, 0.95
 */
public record StoppingRule(double minSeconds, double maxSeconds, double target, double level) {
    /** Observations after the warm-up cut below which no interval is trusted: a few per batch at the fewest batches. */
    public static final int MIN_KEPT = 5 * BatchMeans.MIN_BATCHES;

    /** Why a look ends the cell, or not. */
    public enum Reason {
        /** Keep measuring. */
        RUNNING,
        /** Warm-up over and precise enough. */
        PRECISE,
        /** The maximum duration is reached. */
        MAX_DURATION
    }

    /**
     * What a look found.
     *
     * @param warmup   the warm-up cut (observations) and whether it is over
     * @param interval the batch-means interval after the cut
     */
    public record Look(Reason reason, Mser.Warmup warmup, BatchMeans.Interval interval) {
        public boolean settled() {
            return reason == Reason.PRECISE;
        }
    }

    public StoppingRule {
        if (!(minSeconds >= 0 && maxSeconds >= minSeconds && target > 0 && level > 0 && level < 1)) {
            throw new IllegalArgumentException("need 0 <= min <= max, target > 0, 0 < level < 1: " + minSeconds + ", "
                    + maxSeconds + ", " + target + ", " + level);
        }
    }

    /** A look at the first {@code n} observations of {@code x}, {@code seconds} into the cell's measured window. */
    public Look look(double[] x, int n, double seconds) {
        Mser.Warmup warmup = Mser.cut(x, n);
        BatchMeans.Interval interval = n - warmup.cut() >= MIN_KEPT ? BatchMeans.of(x, warmup.cut(), n, level)
                : new BatchMeans.Interval(Double.NaN, Double.POSITIVE_INFINITY, 0, Double.NaN);
        boolean precise = seconds >= minSeconds && warmup.over() && interval.trusted() && interval.relative() <= target;
        Reason reason = precise ? Reason.PRECISE : seconds >= maxSeconds ? Reason.MAX_DURATION : Reason.RUNNING;
        return new Look(reason, warmup, interval);
    }
}
