package org.dbstudy.analysis.judging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The verdicts' statistics against values computed independently with SciPy 1.17 / NumPy (the Python lines
 * are in each test's comment): a paired t-interval of a ratio over replicates, the delta method with
 * Welch-Satterthwaite df, a log-slope t-test with and without strata, and the replicate advice's rules.
 */
class VerdictStatisticsTest {

    private static Estimate runs(double... values) {
        double mean = java.util.Arrays.stream(values).average().orElseThrow();
        return new Estimate(mean, values, Estimate.standardError(values), values.length - 1, values.length,
                Estimate.Source.BETWEEN_RUNS);
    }

    @Test
    void aRatioOfReplicatePairsIsAPairedTIntervalOnTheLogScale() {
        // d = np.log(a/b); lo, hi = stats.t.interval(0.95, 2, loc=d.mean(), scale=d.std(ddof=1)/np.sqrt(3)); np.exp(...)
        LogRatio r = LogRatio.of(runs(10.2, 11.5, 9.8), runs(14.1, 15.0, 13.2));
        assertEquals(0.7439548767031098, r.ratio(), 1e-12);
        assertInterval(LogRatio.Method.PAIRED, 0.6920790864218055, 0.7997190919781866, r);
    }

    private static void assertInterval(LogRatio.Method method, double low, double high, LogRatio r) {
        assertEquals(method, r.method());
        double[] ci = r.interval(0.95);
        assertEquals(low, ci[0], 1e-9);
        assertEquals(high, ci[1], 1e-9);
    }

    @Test
    void unpairedSidesUseTheDeltaMethodWithWelchSatterthwaiteDf() {
        // va=(0.6/10.5)**2; vb=(0.5/14)**2; df=(va+vb)**2/(va**2/2+vb**2/4) = 3.5935; t=stats.t.ppf(0.975, df)
        // np.exp(np.log(10.5/14) ∓ t*np.sqrt(va+vb))
        Estimate a = new Estimate(10.5, new double[] {10.5}, 0.6, 2, 3, Estimate.Source.BETWEEN_RUNS);
        Estimate b = new Estimate(14.0, new double[] {14.0}, 0.5, 4, 5, Estimate.Source.BETWEEN_RUNS);
        LogRatio r = LogRatio.of(a, b);
        assertEquals(3.593512532607463, r.df(), 1e-9);
        assertInterval(LogRatio.Method.DELTA, 0.616668415185863, 0.9121595757915757, r);
    }

    @Test
    void pairsPairedOverTheSameReplicatesAverageReplicateByReplicate() {
        LogRatio one = LogRatio.of(runs(10, 20, 30), runs(20, 20, 20));
        LogRatio two = LogRatio.of(runs(40, 10, 10), runs(20, 20, 20));
        LogRatio mean = LogRatio.mean(List.of(one, two));
        assertEquals(LogRatio.Method.PAIRED, mean.method());
        // per replicate: (ln .5 + ln 2)/2 = 0, (0 + ln .5)/2, (ln 1.5 + ln .5)/2
        double[] d = {0, Math.log(0.5) / 2, (Math.log(1.5) + Math.log(0.5)) / 2};
        assertEquals((d[0] + d[1] + d[2]) / 3, mean.log(), 1e-12);
        assertEquals(Estimate.standardError(d), mean.se(), 1e-12);
        assertEquals(2, mean.df());
    }

    @Test
    void aTrendOverTwoLevelsIsTheSlopeOfTheLogOnTheLevel() {
        // x=[0,0,0,1,1,1]; r = stats.linregress(x, np.log([100,104,98,121,118,127])); r.pvalue/2
        // (= stats.ttest_ind(np.log(y2), np.log(y1), alternative='greater').pvalue)
        SlopeTest s = SlopeTest.of(List.of(List.of(new double[] {100, 104, 98}, new double[] {121, 118, 127})));
        assertTrue(s.log());
        assertEquals(0.19204456424032035, s.slope(), 1e-12);
        assertEquals(0.027741566271884927, s.se(), 1e-12);
        assertEquals(4, s.df());
        assertEquals(0.001142650181873143, s.pIncreasing(), 1e-12);
        assertEquals(0.05, JonckheereTerpstra.smallestP(List.of(List.of(new double[3], new double[3]))), 1e-12,
                "the exact test's smallest p with 2 levels x 3 runs: 3!3!/6! = 1/20, never below 0.05");
    }

    @Test
    void strataGetTheirOwnInterceptsInTheSlope() {
        // X = [level, stratum1, stratum2] dummies, beta = np.linalg.lstsq(X, np.log(y)); df = 12 - 3;
        // se = sqrt(s2 * inv(X'X)[0,0]); p = stats.t.sf(beta[0]/se, 9)
        SlopeTest s = SlopeTest.of(List.of(
                List.of(new double[] {100, 104}, new double[] {110, 108}, new double[] {125, 119}),
                List.of(new double[] {200, 190}, new double[] {205, 221}, new double[] {230, 236})));
        assertEquals(0.08930572756558142, s.slope(), 1e-12);
        assertEquals(0.01008470353936905, s.se(), 1e-12);
        assertEquals(9, s.df());
        assertEquals(4.872183012910881e-06, s.pIncreasing(), 1e-12);
    }

    @Test
    void replicateAdviceComesOnlyFromVariationBetweenRunsAndIsCapped() {
        assertEquals("about 12 replicates per cell would decide it if the effect is as measured (now 3, from the"
                + " variation between runs)", Advice.replicates(0.2, 0.1, 3, Estimate.Source.BETWEEN_RUNS));
        String tiny = Advice.replicates(0.5, 0.005, 3, Estimate.Source.BETWEEN_RUNS);
        assertEquals("an effect this small is not decidable within 30 replicates per cell (now 3)", tiny);
        String batches = Advice.replicates(0.2, 0.1, 1, Estimate.Source.TIME_BATCHES);
        assertFalse(batches.matches(".*\\d+ replicates.*"), batches);
        assertTrue(batches.contains("2 or more runs per cell"), batches);
        String point = Advice.replicates(Double.NaN, 0.1, 3, Estimate.Source.POINT);
        assertFalse(point.matches(".*about \\d+.*"), point);
    }

    @Test
    void threatenedCellsAndBlocksNotInterleavedAreNamedAndAWithinRunDecisionIsMarked() {
        Threats t = new Threats(java.util.Map.of("c1", List.of("host CPU saturated (97 %)")),
                java.util.Map.of("c1", "baseline", "c2", "autovacuum"), List.of("baseline", "autovacuum"));
        String words = t.words(List.of("c1", "c2"), true);
        assertTrue(words.contains("drawn from threatened cells: c1 (host CPU saturated (97 %))"), words);
        assertTrue(words.contains("baseline, autovacuum ran apart in time"), words);
        assertTrue(words.contains("DECIDED ONLY ON TIME BATCHES WITHIN SINGLE RUNS"), words);
        assertFalse(t.words(List.of("c1", "c2"), false).contains("DECIDED ONLY"));
        assertEquals("", t.words(List.of("c3"), true));
    }

    /** One run of a cell with these time-batch means (5 samples each). */
    private static org.dbstudy.analysis.cells.CellResult singleRun(String config, double... batches) {
        org.dbstudy.analysis.cells.Accumulator acc = new org.dbstudy.analysis.cells.Accumulator();
        double mean = java.util.Arrays.stream(batches).average().orElseThrow();
        long[] n = new long[batches.length];
        for (int i = 0; i < batches.length; i++) {
            n[i] = 5;
            for (int k = 0; k < 5; k++) {
                acc.add(1000L * i + k, Math.round(batches[i]), i, null);
            }
        }
        org.dbstudy.analysis.cells.SampleStats s = new org.dbstudy.analysis.cells.SampleStats(5L * batches.length, 0,
                mean, mean, mean, mean, mean, mean, mean, 0, 5);
        org.dbstudy.analysis.cells.RunValues run = new org.dbstudy.analysis.cells.RunValues(5L * batches.length,
                new double[] {mean, mean, mean}, 1, n, new double[][] {batches, batches, batches}, s, s, java.util.Map.of());
        return org.dbstudy.analysis.cells.CellResult.of(config, List.of(config), acc,
                org.dbstudy.analysis.reading.SampleSet.SUCCESS, List.of(run));
    }

    @Test
    void aVerdictDecidedOnSingleRunsOfBlocksNotInterleavedIsMarkedSo() {
        // pg-tuning's shape: one run per configuration, each its own block, the baseline first and cold
        List<org.dbstudy.analysis.cells.CellResult> cells = List.of(singleRun("baseline", 200, 210, 190, 205),
                singleRun("autovacuum_off", 100, 95, 105, 98));
        Threats blocks = new Threats(java.util.Map.of(), java.util.Map.of("baseline", "baseline", "autovacuum_off",
                "autovacuum_off"), List.of("baseline", "autovacuum_off"));
        org.dbstudy.vocabulary.Claim faster = new org.dbstudy.vocabulary.Claim("t", org.dbstudy.vocabulary.Claim.Origin.PAPER,
                "test", "", org.dbstudy.vocabulary.Claim.Kind.ORDERING, org.dbstudy.vocabulary.Claim.Metric.MEAN, "",
                java.util.Map.of(), java.util.Map.of("config", "autovacuum_off"), java.util.Map.of("config", "baseline"), "",
                null, Double.NaN, Double.NaN, "", "", "");
        Judgement j = new ClaimJudge(List.of("config"), cells, List.of(), blocks, ClaimJudge.ALPHA).judge(faster);
        assertEquals(Verdict.HOLDS, j.verdict(), j.explanation());
        assertTrue(j.explanation().contains("time batches within one run"), j.explanation());
        assertTrue(j.explanation().contains("DECIDED ONLY ON TIME BATCHES WITHIN SINGLE RUNS OF BLOCKS NOT INTERLEAVED"),
                j.explanation());
        Judgement unmarked = new ClaimJudge(List.of("config"), cells).judge(faster);
        assertFalse(unmarked.explanation().contains("DECIDED ONLY"), unmarked.explanation());
    }
}
