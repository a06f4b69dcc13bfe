package org.dbstudy.analysis.judging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.dbstudy.analysis.cells.Accumulator;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.RunValues;
import org.dbstudy.analysis.cells.SampleStats;
import org.dbstudy.analysis.reading.SampleSet;
import org.dbstudy.vocabulary.Claim;
import org.junit.jupiter.api.Test;

/**
 * The decision rules of ratio and trend verdicts by simulation (docs/analysis.md, "Verdicts"): studies of
 * config {a, b} × users {2, 4, 8} with 3 replicates per cell, each run's mean log-normal around its cell's
 * value, with a shared replicate effect (the machine's state in that replicate, σ = 0.1 on the log scale)
 * and the run's own noise (σ = 0.1). On data with no effect a claim is wrongly decided in at most 5 % of
 * 2 000 simulated studies; on a known effect the power is printed and held above a floor. Seeds are fixed,
 * so the rates are reproducible numbers, not luck.
 */
class VerdictSimulationTest {
    private static final int STUDIES = 2000;
    private static final List<String> FACTORS = List.of("config", "users");
    private static final String[] USERS = {"2", "4", "8"};
    private static final int REPLICATES = 3;
    private static final double SIGMA = 0.1;

    /** One cell whose runs have these means (every run statistic set to its mean). */
    static CellResult cell(String config, String users, double[] runMeans) {
        Accumulator acc = new Accumulator();
        List<RunValues> runs = new ArrayList<>();
        for (int i = 0; i < runMeans.length; i++) {
            double m = runMeans[i];
            acc.add(1000L * i, Math.round(m), i, null);
            SampleStats s = new SampleStats(1, 0, m, m, m, m, m, m, m, 0, 1);
            runs.add(new RunValues(1, new double[] {m, m, m}, 1, new long[] {1}, new double[][] {{m}, {m}, {m}}, s, s,
                    Map.of()));
        }
        return CellResult.of(config + "-u" + users, List.of(config, users), acc, SampleSet.SUCCESS, runs);
    }

    /** A simulated study: cell a at users u has true log ratio logRatio[u] to cell b. */
    private static List<CellResult> study(SplittableRandom rng, double[] logRatio) {
        double[] replicate = new double[REPLICATES];
        for (int r = 0; r < REPLICATES; r++) {
            replicate[r] = SIGMA * rng.nextGaussian();
        }
        List<CellResult> cells = new ArrayList<>();
        for (int u = 0; u < USERS.length; u++) {
            double base = Math.log(50.0 * (u + 1));
            double[] a = new double[REPLICATES];
            double[] b = new double[REPLICATES];
            for (int r = 0; r < REPLICATES; r++) {
                a[r] = Math.exp(base + logRatio[u] + replicate[r] + SIGMA * rng.nextGaussian());
                b[r] = Math.exp(base + replicate[r] + SIGMA * rng.nextGaussian());
            }
            cells.add(cell("a", USERS[u], a));
            cells.add(cell("b", USERS[u], b));
        }
        return cells;
    }

    private static Claim claim(Claim.Kind kind, double low, double high, Map<String, String> where, String factor,
            Claim.Direction direction) {
        boolean ratio = kind == Claim.Kind.ORDERING || kind == Claim.Kind.RATIO;
        return new Claim("sim", Claim.Origin.EXPECTATION, "simulation", "", kind, Claim.Metric.MEAN, "", where,
                ratio ? Map.of("config", "a") : Map.of(), ratio ? Map.of("config", "b") : Map.of(), factor, direction, low,
                high, "", "", "");
    }

    /** Share of studies per verdict, in {@link Verdict} order. */
    private static double[] rates(long seed, double[] logRatio, Claim claim) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[] counts = new double[Verdict.values().length];
        for (int i = 0; i < STUDIES; i++) {
            Judgement j = new ClaimJudge(FACTORS, study(rng, logRatio)).judge(claim);
            counts[j.verdict().ordinal()]++;
        }
        for (int v = 0; v < counts.length; v++) {
            counts[v] /= STUDIES;
        }
        return counts;
    }

    private static void print(String what, double[] r) {
        System.out.printf(Locale.ROOT, "%s: holds %.3f, does not hold %.3f, undecided %.3f%n", what,
                r[Verdict.HOLDS.ordinal()], r[Verdict.DOES_NOT_HOLD.ordinal()], r[Verdict.UNDECIDED.ordinal()]);
    }

    @Test
    void anOrderingPairedOverReplicatesHoldsWronglyAtMostOneTimeInTwentyAndFindsA20PercentEffect() {
        Claim aBelowB = claim(Claim.Kind.ORDERING, Double.NaN, Double.NaN, Map.of(), "", null);
        double[] none = rates(41, new double[] {0, 0, 0}, aBelowB);
        print("ordering a < b, A/A", none);
        assertTrue(none[Verdict.HOLDS.ordinal()] <= 0.05, "false holds rate " + none[Verdict.HOLDS.ordinal()]);
        double[] effect = rates(42, new double[] {Math.log(0.8), Math.log(0.8), Math.log(0.8)}, aBelowB);
        print("ordering a < b, a/b = 0.8", effect);
        assertTrue(effect[Verdict.HOLDS.ordinal()] >= 0.5, "power " + effect[Verdict.HOLDS.ordinal()]);
    }

    @Test
    void aRatioFailingInOneStratumIsNotHiddenByTheMeanAndAStratumIsNotBlamedWithoutCause() {
        Claim between = claim(Claim.Kind.RATIO, 0.1, 0.5, Map.of(), "", null);
        double l = Math.log(0.3);
        double[] none = rates(43, new double[] {l, l, l}, between);
        print("ratio in [0.1, 0.5], every stratum 0.3", none);
        assertTrue(none[Verdict.DOES_NOT_HOLD.ordinal()] <= 0.05,
                "wrongly does not hold " + none[Verdict.DOES_NOT_HOLD.ordinal()]);
        // S1 F1.5r's pairs: 0.93 at 2 users, 0.23 and 0.22 (geometric mean 0.36, inside the range)
        double[] f15r = {Math.log(0.93), Math.log(0.23), Math.log(0.22)};
        double[] failing = rates(44, f15r, between);
        print("ratio in [0.1, 0.5], strata 0.93, 0.23, 0.22", failing);
        assertTrue(failing[Verdict.DOES_NOT_HOLD.ordinal()] >= 0.8, "power " + failing[Verdict.DOES_NOT_HOLD.ordinal()]);
        Judgement one = new ClaimJudge(FACTORS, study(new SplittableRandom(45), f15r)).judge(between);
        assertEquals(Verdict.DOES_NOT_HOLD, one.verdict(), one.explanation());
        assertTrue(one.explanation().contains("at users=2 "), one.explanation());
    }

    @Test
    void aTrendOverTwoLevelsAndThreeRunsIsDecidableAndHoldsWronglyAtMostOneTimeInTwenty() {
        Claim rising = claim(Claim.Kind.TREND, Double.NaN, Double.NaN, Map.of("users", "2"), "config",
                Claim.Direction.DECREASING);
        double[] none = rates(46, new double[] {0, 0, 0}, rising);
        print("trend over config b → a (levels in manifest order a, b) decreasing, A/A", none);
        assertTrue(none[Verdict.HOLDS.ordinal()] <= 0.05, "false holds rate " + none[Verdict.HOLDS.ordinal()]);
        double[] effect = rates(47, new double[] {Math.log(1.3), 0, 0}, rising);
        print("trend decreasing, a/b = 1.3", effect);
        assertTrue(effect[Verdict.HOLDS.ordinal()] >= 0.5, "power " + effect[Verdict.HOLDS.ordinal()]);
        Judgement one = new ClaimJudge(FACTORS, study(new SplittableRandom(48), new double[] {Math.log(1.3), 0, 0}))
                .judge(rising);
        assertTrue(one.explanation().startsWith("slope of ln mean"), one.explanation());
    }
}
