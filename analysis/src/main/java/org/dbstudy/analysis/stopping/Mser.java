package org.dbstudy.analysis.stopping;

/**
 * MSER-5, the marginal standard error rule on batch means of 5 (White 1997; Franklin &amp; White 2008): the
 * warm-up cut is the start that minimises the squared standard error of what is left, sum of squared
 * deviations of the batch means after the cut over (m − d)², searched over the first half of the series
 * only. A minimum at the end of that half means the series is still drifting: its warm-up is not over yet.
 */
public final class Mser {
    /** Observations per batch: MSER-5's 5. */
    public static final int BATCH = 5;

    /**
     * Where the warm-up ends.
     *
     * @param cut  observations to leave out at the start (a multiple of {@link #BATCH})
     * @param over whether the minimum lies inside the searched first half, not at its end
     */
    public record Warmup(int cut, boolean over) {
    }

    private Mser() {
    }

    /** The warm-up of the first {@code n} observations of {@code x}; not over with fewer than 4 batches. */
    public static Warmup cut(double[] x, int n) {
        int m = n / BATCH;
        if (m < 4) {
            return new Warmup(0, false);
        }
        double[] z = new double[m];
        for (int j = 0; j < m; j++) {
            double s = 0;
            for (int i = j * BATCH; i < (j + 1) * BATCH; i++) {
                s += x[i];
            }
            z[j] = s / BATCH;
        }
        // Suffix sums give every truncation's sum of squares in one pass; centred on the overall mean for accuracy.
        double centre = 0;
        for (double v : z) {
            centre += v;
        }
        centre /= m;
        double sum = 0;
        double squares = 0;
        int last = m / 2;
        double best = Double.POSITIVE_INFINITY;
        int bestD = 0;
        double[] sums = new double[m + 1];
        double[] sq = new double[m + 1];
        for (int j = m - 1; j >= 0; j--) {
            double v = z[j] - centre;
            sum += v;
            squares += v * v;
            sums[j] = sum;
            sq[j] = squares;
        }
        for (int d = 0; d <= last; d++) {
            int k = m - d;
            double ss = sq[d] - sums[d] * sums[d] / k;
            double mser = ss / ((double) k * k);
            if (mser < best) {
                best = mser;
                bestD = d;
            }
        }
        return new Warmup(bestD * BATCH, bestD < last);
    }
}
