package org.dbstudy.analysis.judging;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.analysis.cells.Distinct;
import org.dbstudy.analysis.statistics.KruskalWallis;
import org.dbstudy.analysis.statistics.MannWhitney;
import org.dbstudy.analysis.statistics.RankTest;
import org.dbstudy.vocabulary.Claim;

/**
 * A SIGNIFICANT claim: the factor's levels differ in the metric, by the analysis's own rank tests —
 * Kruskal–Wallis across three or more levels, Mann–Whitney (two-sided) for two — over the values each cell
 * varies by (its runs' values, or the time batches of a single run), every other factor pooled within
 * {@code where}. Holds at p &lt; 0.05. A larger p is undecided, never "does not hold": no difference found
 * is not a difference shown to be absent.
 */
final class SignificanceJudge {
    private SignificanceJudge() {
    }

    static Judgement judge(Claim c, List<String> factors, List<CellEstimate> cells) {
        Map<String, List<Double>> byLevel = new LinkedHashMap<>();
        for (CellEstimate cell : cells) {
            List<Double> values = byLevel.computeIfAbsent(cell.level(factors, c.factor()), k -> new ArrayList<>());
            Arrays.stream(cell.estimate().observations()).filter(Double::isFinite).forEach(values::add);
        }
        byLevel.values().removeIf(List::isEmpty);
        if (byLevel.size() < 2) {
            return new Judgement(c, Verdict.NOT_TESTABLE, "", "this run has " + byLevel.size() + " level of "
                    + c.factor() + " with values among the cells claimed about; a test needs two or more");
        }
        List<double[]> groups = byLevel.values().stream()
                .map(v -> v.stream().mapToDouble(Double::doubleValue).toArray()).toList();
        RankTest t = test(groups);
        boolean two = groups.size() == 2;
        String ours = "p = " + ClaimJudge.num(t.pValue());
        String words = (two ? "Mann-Whitney (two-sided, normal approximation)" : "Kruskal-Wallis H = "
                + ClaimJudge.num(t.statistic()) + ", df " + (int) t.df()) + " over " + c.metric().id() + " by " + c.factor() + " "
                + String.join(", ", byLevel.keySet()) + " (" + t.n() + " values: "
                + Estimate.unit(cells.stream().map(CellEstimate::estimate).toList()) + "): p = " + ClaimJudge.num(t.pValue());
        if (decide(groups) == Verdict.HOLDS) {
            return new Judgement(c, Verdict.HOLDS, ours, words + " < " + ClaimJudge.ALPHA);
        }
        return new Judgement(c, Verdict.UNDECIDED, ours, words + ": not significant at " + ClaimJudge.ALPHA
                + "; the levels may differ less than these values can show (more replicates would tell)");
    }

    static Verdict decide(List<double[]> groups) {
        return test(groups).pValue() < ClaimJudge.ALPHA ? Verdict.HOLDS : Verdict.UNDECIDED;
    }

    /** The rank test of the groups: their values replaced by their ranks' order, which the tests alone read. */
    static RankTest test(List<double[]> groups) {
        double[] all = groups.stream().flatMapToDouble(Arrays::stream).sorted().distinct().toArray();
        List<Distinct> ranked = new ArrayList<>();
        for (double[] g : groups) {
            long[] positions = Arrays.stream(g).mapToLong(v -> Arrays.binarySearch(all, v)).sorted().toArray();
            long[] values = Arrays.stream(positions).distinct().toArray();
            long[] counts = Arrays.stream(values).map(v -> Arrays.stream(positions).filter(p -> p == v).count()).toArray();
            ranked.add(new Distinct(values, counts));
        }
        return ranked.size() == 2 ? MannWhitney.test(ranked.get(0), ranked.get(1)) : KruskalWallis.test(ranked);
    }
}
