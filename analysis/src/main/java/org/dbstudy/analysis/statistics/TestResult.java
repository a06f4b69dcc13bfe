package org.dbstudy.analysis.statistics;

import java.util.List;

/**
 * One row of {@code tests.csv}: a test of whether response times differ across {@code groups}
 * (levels of {@code factor}, with the factors in {@code fixed} held at one level each).
 *
 * @param pAdjusted Holm-adjusted p within the family of pairwise tests; equals p for omnibus tests
 */
public record TestResult(String test, String factor, String fixed, List<String> groups, long n, double statistic,
                  double df, double pValue, double pAdjusted, double effectSize, String effectSizeName) {

    public static final double ALPHA = 0.05;

    public TestResult {
        groups = List.copyOf(groups);
    }

    /** A rank test's result labelled for the report: which test, factor, fixed levels and groups. */
    public static TestResult of(String test, String factor, String fixed, List<String> groups, RankTest r,
            String effectSizeName) {
        return new TestResult(test, factor, fixed, groups, r.n(), r.statistic(), r.df(), r.pValue(), r.pValue(),
                r.effectSize(), effectSizeName);
    }

    public TestResult withAdjusted(double p) {
        return new TestResult(test, factor, fixed, groups, n, statistic, df, pValue, p, effectSize, effectSizeName);
    }

    public boolean significant() {
        return pAdjusted < ALPHA;
    }
}
