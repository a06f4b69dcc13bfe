package org.dbstudy.analysis.statistics;

import java.util.List;

/**
 * One row of {@code tests.csv}: a test of whether response times differ across {@code groups}
 * (levels of {@code factor}, with the factors in {@code fixed} held at one level each).
 *
 * @param pAdjusted Holm-adjusted p: a pairwise test within its family of pairs, an omnibus test within the
 *                  omnibus tests of its factor (and label), one per setting of the other factors
 * @param label     the one label (transaction type, query) whose samples were compared, or "" for all of a cell's
 */
public record TestResult(String test, String factor, String fixed, List<String> groups, long n, double statistic,
                  double df, double pValue, double pAdjusted, double effectSize, String effectSizeName, String label) {

    public static final double ALPHA = 0.05;

    public TestResult {
        groups = List.copyOf(groups);
    }

    /** A rank test's result labelled for the report: which test, factor, fixed levels and groups. */
    public static TestResult of(String test, String factor, String fixed, List<String> groups, RankTest r,
            String effectSizeName) {
        return new TestResult(test, factor, fixed, groups, r.n(), r.statistic(), r.df(), r.pValue(), r.pValue(),
                r.effectSize(), effectSizeName, "");
    }

    public TestResult withAdjusted(double p) {
        return new TestResult(test, factor, fixed, groups, n, statistic, df, pValue, p, effectSize, effectSizeName, label);
    }

    public TestResult withLabel(String l) {
        return new TestResult(test, factor, fixed, groups, n, statistic, df, pValue, pAdjusted, effectSize, effectSizeName, l);
    }

    public boolean significant() {
        return pAdjusted < ALPHA;
    }
}
