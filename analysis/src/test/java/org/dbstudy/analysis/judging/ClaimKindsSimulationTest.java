package org.dbstudy.analysis.judging;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The deciding claim kinds on simulated runs (docs/analysis.md, "Claim kinds that decide"): on data without
 * the claimed effect each decides wrongly in at most 5 % of 1,000 simulated studies, and on a known effect
 * it decides rightly at least 70 % of the time (the seeded powers: best 0.80, indistinguishable 0.75, knee 0.985,
 * significant 1.0). A study: each cell runs 3 times, a run's value is normal around the
 * cell's true value with a 5 % relative standard deviation (the spread between runs seen on this machine's
 * TPC-C cells), and a cell's estimate is the runs' mean with its standard error and 2 df. Seeded: the rates
 * are reference values, printed for docs/analysis.md.
 */
class ClaimKindsSimulationTest {
    private static final int STUDIES = 1000;
    private static final int RUNS = 3;
    private static final double NOISE = 0.05;
    private static final double MAX_FALSE = 0.05;

    private final SplittableRandom random = new SplittableRandom(41);

    /** One cell's estimate from {@link #RUNS} simulated runs around {@code truth}. */
    private Estimate cell(double truth) {
        double[] runs = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            runs[i] = truth * (1 + NOISE * random.nextGaussian());
        }
        double mean = java.util.Arrays.stream(runs).average().orElseThrow();
        return new Estimate(mean, runs, Estimate.standardError(runs), RUNS - 1, RUNS, Estimate.Source.BETWEEN_RUNS);
    }

    /** The ratio a / b over {@code strata} matched pairs of cells with true values {@code a}, {@code b}. */
    private MatchedRatio ratio(double a, double b, int strata) {
        List<Estimate[]> pairs = new ArrayList<>();
        for (int s = 0; s < strata; s++) {
            pairs.add(new Estimate[] {cell(a), cell(b)});
        }
        return MatchedRatio.of(pairs).orElseThrow();
    }

    private static double rate(Supplier<Verdict> study, Verdict wanted) {
        int n = 0;
        for (int i = 0; i < STUDIES; i++) {
            n += study.get() == wanted ? 1 : 0;
        }
        return n / (double) STUDIES;
    }

    private static void print(String kind, double falseRate, double power) {
        System.out.println(String.format(Locale.ROOT, "%s: false decisions %.3f, power %.3f", kind, falseRate, power));
    }

    @Test
    void equivalenceRarelyHoldsOnTheBandsEdgeAndHoldsOnEqualLevels() {
        // H0 of TOST: the true ratio sits on the band's edge (1.1 for [0.9, 1.1]).
        double falseHolds = rate(() -> EquivalenceJudge.decide(ratio(1.1, 1, 3), 0.9, 1.1), Verdict.HOLDS);
        double falseDifferent = rate(() -> EquivalenceJudge.decide(ratio(1, 1, 3), 0.9, 1.1), Verdict.DOES_NOT_HOLD);
        double power = rate(() -> EquivalenceJudge.decide(ratio(1, 1, 3), 0.9, 1.1), Verdict.HOLDS);
        print("indistinguishable", Math.max(falseHolds, falseDifferent), power);
        assertTrue(falseHolds <= MAX_FALSE, "holds on the band's edge: " + falseHolds);
        assertTrue(falseDifferent <= MAX_FALSE, "does not hold on equal levels: " + falseDifferent);
        assertTrue(power >= 0.7, "power on equal levels, 3 pairs of 3 runs: " + power);
    }

    @Test
    void aBestLevelRarelyDecidesAmongEqualLevelsAndFindsOneTwentyPercentAhead() {
        Supplier<List<MatchedRatio>> equal = () -> List.of(ratio(100, 100, 2), ratio(100, 100, 2), ratio(100, 100, 2));
        double falseHolds = rate(() -> BestLevelJudge.decide(equal.get(), true), Verdict.HOLDS);
        double falseFails = rate(() -> BestLevelJudge.decide(equal.get(), true), Verdict.DOES_NOT_HOLD);
        double power = rate(() -> BestLevelJudge.decide(List.of(ratio(120, 100, 2), ratio(120, 100, 2),
                ratio(120, 100, 2)), true), Verdict.HOLDS);
        print("best", Math.max(falseHolds, falseFails), power);
        assertTrue(falseHolds <= MAX_FALSE, "holds among equal levels: " + falseHolds);
        assertTrue(falseFails <= MAX_FALSE, "does not hold among equal levels: " + falseFails);
        assertTrue(power >= 0.7, "power, 20 % ahead of 3 rivals: " + power);
    }

    @Test
    void aKneeRarelyHoldsOnAFlatOrASteadyCurveAndIsFoundWhereTheCurveBends() {
        // bounds: flat below 1.25 × the first level, a rise above 1.25 × past the knee
        double flat = rate(() -> KneeJudge.decide(ratio(100, 100, 3), ratio(100, 100, 3), 1.25, 1.25), Verdict.HOLDS);
        // a steady rise that meets each bound exactly: no knee beyond the bounds
        double steady = rate(() -> KneeJudge.decide(ratio(125, 100, 3), ratio(156.25, 125, 3), 1.25, 1.25), Verdict.HOLDS);
        double power = rate(() -> KneeJudge.decide(ratio(105, 100, 3), ratio(200, 105, 3), 1.25, 1.25), Verdict.HOLDS);
        double falseFails = rate(() -> KneeJudge.decide(ratio(105, 100, 3), ratio(200, 105, 3), 1.25, 1.25),
                Verdict.DOES_NOT_HOLD);
        print("knee", Math.max(Math.max(flat, steady), falseFails), power);
        assertTrue(flat <= MAX_FALSE, "holds on a flat curve: " + flat);
        assertTrue(steady <= MAX_FALSE, "holds on a curve on its bounds: " + steady);
        assertTrue(falseFails <= MAX_FALSE, "does not hold on a true knee: " + falseFails);
        assertTrue(power >= 0.8, "power, 1.05 then 1.9 ×: " + power);
    }

    @Test
    void aSignificantTestHoldsInAtMostFivePercentWithoutAnEffectAndFindsAShift() {
        // three levels, three cells each (other factors pooled), each cell's 3 runs as values
        Supplier<List<double[]>> none = () -> groups(100, 100, 100);
        double falseHolds = rate(() -> SignificanceJudge.decide(none.get()), Verdict.HOLDS);
        double power = rate(() -> SignificanceJudge.decide(groups(100, 110, 120)), Verdict.HOLDS);
        double twoFalse = rate(() -> SignificanceJudge.decide(groups(100, 100)), Verdict.HOLDS);
        print("significant", Math.max(falseHolds, twoFalse), power);
        assertTrue(falseHolds <= MAX_FALSE, "Kruskal-Wallis holds without an effect: " + falseHolds);
        assertTrue(twoFalse <= MAX_FALSE, "Mann-Whitney holds without an effect: " + twoFalse);
        assertTrue(power >= 0.8, "power, levels 10 % apart: " + power);
    }

    private List<double[]> groups(double... truths) {
        List<double[]> out = new ArrayList<>();
        for (double t : truths) {
            double[] values = new double[3 * RUNS];
            for (int cell = 0; cell < 3; cell++) {
                System.arraycopy(cell(t).observations(), 0, values, cell * RUNS, RUNS);
            }
            out.add(values);
        }
        return out;
    }
}
