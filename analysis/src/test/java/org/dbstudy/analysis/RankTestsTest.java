package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.commons.statistics.inference.ContinuityCorrection;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;
import org.junit.jupiter.api.Test;
import org.dbstudy.analysis.cells.Distinct;
import org.dbstudy.analysis.statistics.Dunn;
import org.dbstudy.analysis.statistics.Holm;
import org.dbstudy.analysis.statistics.KruskalWallis;
import org.dbstudy.analysis.statistics.MannWhitney;
import org.dbstudy.analysis.statistics.RankSums;
import org.dbstudy.analysis.statistics.RankTest;

/**
 * Kruskal-Wallis, Mann-Whitney, Dunn and Holm against reference values. References come from
 * SciPy 1.17.1 on this machine (python3); each test shows the call that produced them.
 */
class RankTestsTest {
    private static final long[] A = {1, 2, 2, 3, 5};
    private static final long[] B = {2, 4, 4, 6, 7, 7};
    private static final long[] C = {3, 3, 8, 9};

    private static RankTest kruskal(long[]... groups) {
        List<Distinct> d = java.util.Arrays.stream(groups).map(TestData::counts).toList();
        return KruskalWallis.test(d);
    }

    @Test
    void kruskalWallisWithTiesMatchesScipy() {
        // scipy.stats.kruskal([1,2,2,3,5],[2,4,4,6,7,7],[3,3,8,9])
        //   → statistic=4.5164848484848505, pvalue=0.104534049904636
        RankTest t = kruskal(A, B, C);
        assertEquals(4.5164848484848505, t.statistic(), 1e-12);
        assertEquals(0.104534049904636, t.pValue(), 1e-12);
        assertEquals(2, t.df());
        // ε² = H / ((n² − 1)/(n + 1)) = H / (n − 1), n = 15
        assertEquals(4.5164848484848505 / 14, t.effectSize(), 1e-12);
    }

    @Test
    void kruskalWallisWithoutTiesMatchesScipy() {
        // scipy.stats.kruskal([10,20,30],[40,50,60]) → statistic=3.857142857142854, pvalue=0.049534613435626915
        RankTest t = kruskal(new long[] {10, 20, 30}, new long[] {40, 50, 60});
        assertEquals(3.857142857142854, t.statistic(), 1e-12);
        assertEquals(0.049534613435626915, t.pValue(), 1e-12);
    }

    @Test
    void kruskalWallisKeepsTinyPValuesThroughTheSurvivalFunction() {
        // a=[i%50 for i in range(300)]; b=[i%50+20 for i in range(300)]; c=[i%40+5 for i in range(250)]
        // scipy.stats.kruskal(a,b,c) → statistic=259.620320472272, pvalue=4.208852581246223e-57
        RankTest t = kruskal(TestData.cycle(300, 50, 0), TestData.cycle(300, 50, 20), TestData.cycle(250, 40, 5));
        assertEquals(259.620320472272, t.statistic(), 1e-9);
        assertEquals(4.208852581246223e-57, t.pValue(), 1e-66);
    }

    @Test
    void kruskalWallisOfIdenticalGroupsIsNoDifference() {
        RankTest t = kruskal(new long[] {5, 5, 5}, new long[] {5, 5});
        assertEquals(0, t.statistic());
        assertEquals(1, t.pValue(), 1e-12);
    }

    @Test
    void mannWhitneyMatchesScipyAndCommonsStatistics() {
        // scipy.stats.mannwhitneyu([1,2,2,3,5],[2,4,4,6,7,7],use_continuity=True,method='asymptotic')
        //   → statistic=5.0, pvalue=0.07864522326072336
        RankTest t = MannWhitney.test(TestData.counts(A), TestData.counts(B));
        assertEquals(5.0, t.statistic(), 1e-12);
        assertEquals(0.07864522326072336, t.pValue(), 1e-12);
        // Cliff's delta = 2U/(n1 n2) − 1 = 10/30 − 1
        assertEquals(10.0 / 30 - 1, t.effectSize(), 1e-12);
        assertEquals(commonsP(A, B), t.pValue(), 1e-12);
    }

    @Test
    void mannWhitneyWithTinyPMatchesScipyAndCommonsStatistics() {
        // scipy.stats.mannwhitneyu(a, b, use_continuity=True, method='asymptotic') with a, b as above
        //   → statistic=16200.0, pvalue=6.30171980023229e-42
        long[] a = TestData.cycle(300, 50, 0);
        long[] b = TestData.cycle(300, 50, 20);
        RankTest t = MannWhitney.test(TestData.counts(a), TestData.counts(b));
        assertEquals(16200.0, t.statistic(), 1e-9);
        assertEquals(6.30171980023229e-42, t.pValue(), 1e-52);
        assertEquals(commonsP(a, b), t.pValue(), 1e-50);
        assertEquals(commonsP(A, C), MannWhitney.test(TestData.counts(A), TestData.counts(C)).pValue(), 1e-12);
    }

    private static double commonsP(long[] x, long[] y) {
        return MannWhitneyUTest.withDefaults().with(PValueMethod.ASYMPTOTIC).with(ContinuityCorrection.ENABLED)
                .test(TestData.doubles(x), TestData.doubles(y)).getPValue();
    }

    @Test
    void dunnMatchesTheFormulaEvaluatedWithScipy() {
        // python3: r = scipy.stats.rankdata(a+b+c); N = 15; T = Σ(t³−t) over ties;
        //   se = sqrt((N(N+1)/12 − T/(12(N−1))) (1/ni + 1/nj)); z = (R̄i − R̄j)/se; p = 2 norm.sf(|z|)
        //   → (0,1) z=-1.7637175863833494 p=0.07777953873615333
        //     (0,2) z=-1.900377421312499  p=0.05738360777392401
        //     (1,2) z=-0.32041639575194425 p=0.74865269818953
        List<RankTest> pairs = Dunn.pairs(
                List.of(TestData.counts(A), TestData.counts(B), TestData.counts(C)));
        double[][] expected = {{-1.7637175863833494, 0.07777953873615333}, {-1.900377421312499, 0.05738360777392401},
            {-0.32041639575194425, 0.74865269818953}};
        for (int i = 0; i < 3; i++) {
            assertEquals(expected[i][0], pairs.get(i).statistic(), 1e-12);
            assertEquals(expected[i][1], pairs.get(i).pValue(), 1e-12);
        }
    }

    @Test
    void holmMultipliesSortedPValuesByRemainingCountAndKeepsThemMonotone() {
        // By hand: sorted 0.01·4 = 0.04, 0.03·3 = 0.09, 0.04·2 = 0.08 → max(0.09, 0.08) = 0.09, 0.2·1 = 0.2
        assertArrayEquals(new double[] {0.04, 0.09, 0.09, 0.2}, Holm.adjust(new double[] {0.01, 0.04, 0.03, 0.2}), 1e-15);
        assertArrayEquals(new double[] {1, 1}, Holm.adjust(new double[] {0.6, 0.7}), 0);
    }

    @Test
    void midRanksFromCountsEqualRanksOfTheExpandedSample() {
        // Values 2 occur three times over ranks 2..4 → mid-rank 3 each.
        RankSums r = RankSums.of(List.of(TestData.counts(1, 2, 2), TestData.counts(2, 9)));
        assertEquals(1 + 3 + 3, r.rankSum()[0], 0);
        assertEquals(3 + 5, r.rankSum()[1], 0);
        assertEquals(27 - 3, r.ties(), 0);
    }
}
