package org.dbstudy.analysis.stopping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The stopping procedure tested by simulation (docs/analysis.md, "Cells that end on precision"): on stationary
 * AR(1) series with a known mean, how often the batch-means interval at the stopping time covers it, against the
 * same interval at a fixed length; on series with a known initial transient, whether MSER-5 cuts past it. Seeds
 * are fixed, so the numbers printed are the ones docs/analysis.md quotes.
 */
class StoppingSimulationTest {
    private static final double MU = 10;
    private static final double PHI = 0.9;
    /** Observations per simulated second: one look per second, as the runner looks. */
    private static final int RATE = 200;
    private static final int REPLICATIONS = 1000;

    /** A stationary AR(1) series with mean MU, lag-1 correlation PHI and unit innovations, started in its stationary law. */
    static double[] ar1(SplittableRandom rng, int n) {
        double[] x = new double[n];
        double prev = gaussian(rng) / Math.sqrt(1 - PHI * PHI);
        for (int i = 0; i < n; i++) {
            prev = PHI * prev + gaussian(rng);
            x[i] = MU + prev;
        }
        return x;
    }

    private static double gaussian(SplittableRandom rng) {
        // Box-Muller: SplittableRandom has no nextGaussian on Java 17.
        double u = 1 - rng.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.nextDouble());
    }

    /** Runs the rule second by second on REPLICATIONS series; returns {coverage, mean stop seconds, share at max}. */
    static double[] sequential(StoppingRule rule, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        int covered = 0;
        int atMax = 0;
        double seconds = 0;
        int n = (int) rule.maxSeconds() * RATE;
        for (int r = 0; r < REPLICATIONS; r++) {
            double[] x = ar1(rng, n);
            StoppingRule.Look look = null;
            int s = 1;
            for (; s <= rule.maxSeconds(); s++) {
                look = rule.look(x, s * RATE, s);
                if (look.reason() != StoppingRule.Reason.RUNNING) {
                    break;
                }
            }
            seconds += Math.min(s, rule.maxSeconds());
            if (look.reason() == StoppingRule.Reason.MAX_DURATION) {
                atMax++;
            }
            BatchMeans.Interval i = look.interval();
            if (Math.abs(i.mean() - MU) <= i.halfWidth()) {
                covered++;
            }
        }
        return new double[] {covered / (double) REPLICATIONS, seconds / REPLICATIONS, atMax / (double) REPLICATIONS};
    }

    /** The same interval after a fixed number of seconds, no stopping rule: the coverage without sequential looks. */
    static double fixed(int seconds, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        int covered = 0;
        for (int r = 0; r < REPLICATIONS; r++) {
            double[] x = ar1(rng, seconds * RATE);
            BatchMeans.Interval i = BatchMeans.of(x, Mser.cut(x, x.length).cut(), x.length, 0.95);
            if (Math.abs(i.mean() - MU) <= i.halfWidth()) {
                covered++;
            }
        }
        return covered / (double) REPLICATIONS;
    }

    @Test
    void intervalAtTheStoppingTimeCoversTheMeanNearlyAsOftenAsAtAFixedLength() {
        StoppingRule guarded = new StoppingRule(10, 200, 0.02, 0.95);
        double[] seq = sequential(guarded, 41);
        double fixedCoverage = fixed(50, 42);
        System.out.printf(Locale.ROOT, "[stopping] AR(1) phi=%.1f, +-2 %%, min 10 s, max 200 s, %d obs/s: coverage %.3f at the"
                + " stop (mean %.1f s, %.1f %% at max); fixed 50 s: %.3f%n", PHI, RATE, seq[0], seq[1], 100 * seq[2],
                fixedCoverage);
        // Nominal 0.95; 1000 replications give a standard error of 0.007. Stopping on a narrow interval biases coverage
        // down: a few points are allowed, not more.
        assertTrue(fixedCoverage >= 0.92 && fixedCoverage <= 0.98, "fixed-length coverage " + fixedCoverage);
        assertTrue(seq[0] >= 0.88, "coverage at the stopping time " + seq[0]);
        assertTrue(seq[2] < 0.05, "most series settle before the maximum: " + seq[2]);
        assertTrue(seq[1] > 10 && seq[1] < 200, "mean stop " + seq[1]);
    }

    @Test
    void withoutTheMinimumEarlyLooksStopOnIntervalsThatAreTooNarrow() {
        // A loose target and no minimum: the rule stops at the first look whose interval happens to be narrow.
        double[] unguarded = sequential(new StoppingRule(0, 200, 0.05, 0.95), 43);
        double[] guarded = sequential(new StoppingRule(10, 200, 0.05, 0.95), 43);
        System.out.printf(Locale.ROOT, "[stopping] +-5 %%: coverage %.3f with no minimum (mean stop %.1f s), %.3f with 10 s"
                + " (mean stop %.1f s)%n", unguarded[0], unguarded[1], guarded[0], guarded[1]);
        assertTrue(guarded[0] > unguarded[0], "the minimum guards coverage: " + guarded[0] + " vs " + unguarded[0]);
        assertTrue(guarded[0] >= 0.9, "guarded coverage " + guarded[0]);
    }

    @Test
    void mser5CutsPastAKnownInitialTransient() {
        SplittableRandom rng = new SplittableRandom(44);
        int transient_ = 500;
        int n = 10_000;
        int[] cuts = new int[REPLICATIONS];
        int past = 0;
        int near = 0;
        for (int r = 0; r < REPLICATIONS; r++) {
            double[] x = ar1(rng, n);
            // A start 5 above the mean (about two standard deviations of the series) for the first 500 observations.
            for (int i = 0; i < transient_; i++) {
                x[i] += 5.0;
            }
            Mser.Warmup w = Mser.cut(x, n);
            cuts[r] = w.cut();
            assertTrue(w.over(), "a transient of 500 in 10000 is over");
            // Within one batch of 5 of its end: MSER-5 cuts at batch boundaries.
            if (w.cut() >= transient_ - Mser.BATCH) {
                past++;
            }
            // Within 5 batches: what is left of the step, 25 observations of it in 9,500, moves the mean by 0.013.
            if (w.cut() >= transient_ - 5 * Mser.BATCH) {
                near++;
            }
        }
        Arrays.sort(cuts);
        System.out.printf(Locale.ROOT, "[stopping] MSER-5 on a 500-observation step transient: %.1f %% cut at 495 or later,"
                + " 5th percentile %d, median %d, 95th percentile %d%n", 100.0 * past / REPLICATIONS, cuts[REPLICATIONS / 20],
                cuts[REPLICATIONS / 2], cuts[REPLICATIONS * 95 / 100]);
        assertTrue(past >= 0.85 * REPLICATIONS, past + " of " + REPLICATIONS + " cut past the transient");
        assertTrue(near >= 0.95 * REPLICATIONS, near + " of " + REPLICATIONS + " cut within 25 observations of its end");
        assertTrue(cuts[REPLICATIONS / 2] < 2 * transient_, "median cut " + cuts[REPLICATIONS / 2] + " not far past it");
    }

    @Test
    void onADecayingTransientMser5LeavesLessBiasThanTheIntervalsWidth() {
        // A start 5 above the mean decaying linearly to nothing over 500 observations: MSER-5 trades the bias of the
        // tail it keeps against the observations it would lose, so it cuts before the decay's end; what is left of
        // the bias must be small beside the interval.
        SplittableRandom rng = new SplittableRandom(46);
        int n = 10_000;
        int[] cuts = new int[REPLICATIONS];
        double[] shares = new double[REPLICATIONS];
        for (int r = 0; r < REPLICATIONS; r++) {
            double[] x = ar1(rng, n);
            for (int i = 0; i < 500; i++) {
                x[i] += 5.0 * (500 - i) / 500;
            }
            int cut = Mser.cut(x, n).cut();
            cuts[r] = cut;
            double bias = 0;
            for (int i = cut; i < 500; i++) {
                bias += 5.0 * (500 - i) / 500;
            }
            bias /= n - cut;
            shares[r] = bias / BatchMeans.of(x, cut, n, 0.95).halfWidth();
        }
        Arrays.sort(cuts);
        Arrays.sort(shares);
        double median = shares[REPLICATIONS / 2];
        double p95 = shares[REPLICATIONS * 95 / 100];
        System.out.printf(Locale.ROOT, "[stopping] MSER-5 on a 500-observation linear decay: median cut %d, 95th percentile"
                + " %d; bias left: median %.1f %%, 95th percentile %.1f %% of the interval's half-width%n",
                cuts[REPLICATIONS / 2], cuts[REPLICATIONS * 95 / 100], 100 * median, 100 * p95);
        assertTrue(cuts[REPLICATIONS / 2] >= 100, "cuts into the transient: median " + cuts[REPLICATIONS / 2]);
        assertTrue(p95 < 0.5, "bias left " + p95 + " of the half-width");
    }

    @Test
    void mser5CutsLittleOfAStationarySeries() {
        SplittableRandom rng = new SplittableRandom(45);
        int[] cuts = new int[200];
        for (int r = 0; r < cuts.length; r++) {
            cuts[r] = Mser.cut(ar1(rng, 10_000), 10_000).cut();
        }
        Arrays.sort(cuts);
        assertTrue(cuts[cuts.length / 2] < 1000, "median cut of a stationary series " + cuts[cuts.length / 2]);
    }

    @Test
    void aSeriesStillDriftingHasNoWarmupOver() {
        double[] x = new double[1000];
        for (int i = 0; i < x.length; i++) {
            x[i] = 1000 - i;
        }
        Mser.Warmup w = Mser.cut(x, x.length);
        assertEquals(500, w.cut());
        assertTrue(!w.over());
        StoppingRule.Look look = new StoppingRule(1, 10, 0.5, 0.95).look(x, x.length, 5);
        assertEquals(StoppingRule.Reason.RUNNING, look.reason());
        assertEquals(StoppingRule.Reason.MAX_DURATION, new StoppingRule(1, 10, 0.5, 0.95).look(x, x.length, 10).reason());
    }
}
