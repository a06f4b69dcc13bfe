package org.dbstudy.analysis.judging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dbstudy.vocabulary.Claim;
import org.junit.jupiter.api.Test;

/**
 * The new claim kinds' verdicts and numbers on cells with known values: each cell's estimate has 3 runs
 * (2 df) and a standard error of 1 % of its point unless said otherwise. t quantiles from R:
 * {@code qt(0.95, 2) = 2.919986}, {@code qt(0.975, 2) = 4.302653}.
 */
class ClaimKindsJudgingTest {
    private static final List<String> FACTORS = List.of("level", "stratum");

    private static CellEstimate cell(String level, String stratum, double point, double relativeSe) {
        return new CellEstimate(level + "-" + stratum, List.of(level, stratum),
                new Estimate(point, new double[] {point}, point * relativeSe, 2, 3, Estimate.Source.BETWEEN_RUNS));
    }

    private static Claim claim(Claim.Kind kind, Claim.Metric metric, Map<String, String> a, Map<String, String> b,
            String factor, double low, double high) {
        return new Claim("t", Claim.Origin.EXPECTATION, "test", "", kind, metric, "", Map.of(), a, b, factor, null, low,
                high, "", "", "");
    }

    /** Pairs A / B of 0.90, 1.00 and 1.17: the spread of S1's READ UNCOMMITTED / READ COMMITTED pairs. */
    private static List<CellEstimate> threePairs(double relativeSe) {
        List<CellEstimate> cells = new ArrayList<>();
        double[] ratios = {0.90, 1.00, 1.17};
        for (int s = 0; s < 3; s++) {
            cells.add(cell("A", "s" + s, 100 * ratios[s], relativeSe));
            cells.add(cell("B", "s" + s, 100, relativeSe));
        }
        return cells;
    }

    @Test
    void tightPairsOfZeroNinetyToOneSeventeenAreIndistinguishableByTost() {
        Claim c = claim(Claim.Kind.INDISTINGUISHABLE, Claim.Metric.THROUGHPUT, Map.of("level", "A"), Map.of("level", "B"),
                "", 0.9, 1.1);
        // mean log = (ln 0.9 + ln 1.17) / 3 = 0.017214; se = sqrt(3 · 2 · 0.01²) / 3 = 0.0081650;
        // 90%: exp(0.017214 ± 2.919986 · 0.0081650) = [0.9934, 1.0419]
        Judgement tight = EquivalenceJudge.judge(c, FACTORS, threePairs(0.01));
        assertEquals(Verdict.HOLDS, tight.verdict(), tight.explanation());
        assertEquals("1.02 [0.99, 1.04]", tight.ours());
        assertTrue(tight.explanation().contains("each 0.90 to 1.17"), tight.explanation());
        // se 10 %: 90% exp(0.017214 ± 0.23840) = [0.80, 1.27]: undecided, leaning inside
        Judgement loose = EquivalenceJudge.judge(c, FACTORS, threePairs(0.10));
        assertEquals(Verdict.UNDECIDED, loose.verdict(), loose.explanation());
        assertTrue(loose.explanation().contains("leans inside"), loose.explanation());
        Judgement apart = EquivalenceJudge.judge(claim(Claim.Kind.INDISTINGUISHABLE, Claim.Metric.THROUGHPUT,
                Map.of("level", "A"), Map.of("level", "B"), "", 0.5, 0.8), FACTORS, threePairs(0.01));
        assertEquals(Verdict.DOES_NOT_HOLD, apart.verdict(), apart.explanation());
    }

    private static List<CellEstimate> threeLevels(double a, double b, double c) {
        List<CellEstimate> cells = new ArrayList<>();
        for (String s : List.of("s1", "s2")) {
            cells.add(cell("A", s, a, 0.01));
            cells.add(cell("B", s, b, 0.01));
            cells.add(cell("C", s, c, 0.01));
        }
        return cells;
    }

    @Test
    void theBestLevelIsSetAgainstItsRunnerUpAndTheMetricSaysWhichEndIsBest() {
        // throughput: highest is best; A / B = 1.2, se sqrt(2 · 2 · 0.01²) / 2 = 0.01, 95% exp(ln 1.2 ± 4.302653 · 0.01)
        Judgement best = BestLevelJudge.judge(claim(Claim.Kind.BEST, Claim.Metric.THROUGHPUT, Map.of("level", "A"),
                Map.of(), "", Double.NaN, Double.NaN), FACTORS, threeLevels(120, 100, 90));
        assertEquals(Verdict.HOLDS, best.verdict(), best.explanation());
        assertEquals("level=A / level=B = 1.20 [1.15, 1.25]", best.ours());
        // mean response time: lowest is best, and C is lower than A
        Judgement worst = BestLevelJudge.judge(claim(Claim.Kind.BEST, Claim.Metric.MEAN, Map.of("level", "A"),
                Map.of(), "", Double.NaN, Double.NaN), FACTORS, threeLevels(120, 100, 90));
        assertEquals(Verdict.DOES_NOT_HOLD, worst.verdict(), worst.explanation());
        assertTrue(worst.explanation().contains("level=C is lower"), worst.explanation());
        Judgement close = BestLevelJudge.judge(claim(Claim.Kind.BEST, Claim.Metric.THROUGHPUT, Map.of("level", "A"),
                Map.of(), "", Double.NaN, Double.NaN), FACTORS, threeLevels(101, 100, 90));
        assertEquals(Verdict.UNDECIDED, close.verdict(), close.explanation());
        assertTrue(close.explanation().contains("leans to the claim"), close.explanation());
    }

    private static List<CellEstimate> curve(double atFirst, double atKnee, double past) {
        List<CellEstimate> cells = new ArrayList<>();
        for (String s : List.of("s1", "s2")) {
            cells.add(cell("5", s, atFirst, 0.01));
            cells.add(cell("20", s, atKnee, 0.01));
            cells.add(cell("30", s, past, 0.01));
        }
        return cells;
    }

    @Test
    void aKneeIsFlatUpToItsLevelAndRisesPastIt() {
        Claim c = claim(Claim.Kind.KNEE, Claim.Metric.MEAN, Map.of("level", "20"), Map.of("level", "30"), "level", 1.25, 1.25);
        Judgement knee = KneeJudge.judge(c, FACTORS, curve(100, 105, 200));
        assertEquals(Verdict.HOLDS, knee.verdict(), knee.explanation());
        assertEquals("flat 1.05 [1.01, 1.10], rise 1.90 [1.82, 1.99]", knee.ours());
        Judgement early = KneeJudge.judge(c, FACTORS, curve(100, 150, 300));
        assertEquals(Verdict.DOES_NOT_HOLD, early.verdict(), early.explanation());
        assertTrue(early.explanation().contains("already rises by 20"), early.explanation());
        assertEquals(Verdict.DOES_NOT_HOLD, KneeJudge.judge(c, FACTORS, curve(100, 100, 101)).verdict(), "no rise");
    }

    private static CellEstimate values(String level, double... runs) {
        return new CellEstimate(level, List.of(level, "s"), new Estimate(Double.NaN, runs, Double.NaN, 2, runs.length, Estimate.Source.BETWEEN_RUNS));
    }

    @Test
    void significanceIsTheAnalysissKruskalWallisOrMannWhitneyOverTheCellsValues() {
        Claim c = claim(Claim.Kind.SIGNIFICANT, Claim.Metric.MEAN, Map.of(), Map.of(), "level", Double.NaN, Double.NaN);
        // R: kruskal.test(list(1:3, 4:6, 7:9)): chi-squared = 7.2, df = 2, p-value = 0.02732
        Judgement three = SignificanceJudge.judge(c, FACTORS, List.of(values("a", 1, 2, 3), values("b", 4, 5, 6),
                values("c", 7.5, 8, 9)));
        assertEquals(Verdict.HOLDS, three.verdict(), three.explanation());
        assertEquals("p = 0.027", three.ours());
        assertTrue(three.explanation().contains("Kruskal-Wallis H = 7.20, df 2 over mean by level a, b, c (9 values"),
                three.explanation());
        // R: wilcox.test(1:3, 4:6, exact = FALSE, correct = TRUE): p-value = 0.08086
        Judgement two = SignificanceJudge.judge(c, FACTORS, List.of(values("a", 1, 2, 3), values("b", 4, 5, 6)));
        assertEquals(Verdict.UNDECIDED, two.verdict(), two.explanation());
        assertEquals("p = 0.081", two.ours());
    }
}
