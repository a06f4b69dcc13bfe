package org.dbstudy.analysis;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The i.i.d. bootstrap the analysis used for speedup intervals before batch means and between-run
 * intervals, kept as the tests' foil: it takes samples as independent, and {@code IntervalsTest}
 * shows how far it undercovers an autocorrelated run.
 *
 * <p>Bootstrap replicates of mean, median and 90% line (JMeter's definitions) of one group, drawn
 * from its per-value counts, so cost does not grow with the samples. Up to {@link #EXACT_LIMIT}
 * samples a resample is n multinomial draws (a uniform index looked up in the cumulative
 * counts); above it, each distinct value's count is redrawn as Poisson(count) — the Poisson
 * bootstrap, the large-n equivalent of multinomial resampling — so a resample costs one draw per
 * distinct value. Deterministic for a seed.
 */
final class Bootstrap {
    static final int RESAMPLES = 1000;
    static final int EXACT_LIMIT = 1_000;
    static final int MEAN = 0;
    static final int MEDIAN = 1;
    static final int P90 = 2;
    static final String[] METRICS = {"mean", "median", "p90"};

    private Bootstrap() {
    }

    /** {@code [metric][resample]} for metrics {@link #MEAN}, {@link #MEDIAN}, {@link #P90}. */
    static double[][] replicates(Distinct d, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        long n = d.total();
        long[] cumulative = new long[d.size()];
        long running = 0;
        for (int i = 0; i < d.size(); i++) {
            running += d.counts()[i];
            cumulative[i] = running;
        }
        double[][] out = new double[3][RESAMPLES];
        long[] weights = new long[d.size()];
        for (int b = 0; b < RESAMPLES; b++) {
            long drawn = n <= EXACT_LIMIT ? multinomial(random, cumulative, n, weights) : poisson(random, d.counts(), weights);
            out[MEAN][b] = d.mean(weights, drawn);
            out[MEDIAN][b] = d.percentile(weights, drawn, SampleStats.MEDIAN);
            out[P90][b] = d.percentile(weights, drawn, SampleStats.P90);
        }
        return out;
    }

    /** The point statistics matching {@link #replicates}. */
    static double[] observed(SampleStats s) {
        return new double[] {s.mean(), s.median(), s.p90()};
    }

    private static long multinomial(SplittableRandom random, long[] cumulative, long n, long[] weights) {
        Arrays.fill(weights, 0);
        for (long i = 0; i < n; i++) {
            long r = random.nextLong(n);
            int lo = 0;
            int hi = cumulative.length - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (cumulative[mid] > r) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            weights[lo]++;
        }
        return n;
    }

    private static long poisson(SplittableRandom random, long[] counts, long[] weights) {
        long total = 0;
        for (int i = 0; i < counts.length; i++) {
            weights[i] = poisson(random, counts[i]);
            total += weights[i];
        }
        return total;
    }

    /** Poisson(mean): Knuth's product of uniforms for small means, the normal approximation above 40. */
    private static long poisson(SplittableRandom random, long mean) {
        if (mean > 40) {
            return Math.max(0, Math.round(mean + Math.sqrt(mean) * random.nextGaussian()));
        }
        double limit = Math.exp(-mean);
        long k = 0;
        double product = random.nextDouble();
        while (product > limit) {
            k++;
            product *= random.nextDouble();
        }
        return k;
    }
}
