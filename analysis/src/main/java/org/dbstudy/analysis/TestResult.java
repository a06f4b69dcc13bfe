package org.dbstudy.analysis;

import java.util.List;

/**
 * One row of {@code tests.csv}: a test of whether response times differ across {@code groups}
 * (levels of {@code factor}, with the factors in {@code fixed} held at one level each).
 *
 * @param pAdjusted Holm-adjusted p within the family of pairwise tests; equals p for omnibus tests
 */
record TestResult(String test, String factor, String fixed, List<String> groups, long n, double statistic,
                  double df, double pValue, double pAdjusted, double effectSize, String effectSizeName) {

    static final double ALPHA = 0.05;

    TestResult {
        groups = List.copyOf(groups);
    }

    TestResult withAdjusted(double p) {
        return new TestResult(test, factor, fixed, groups, n, statistic, df, pValue, p, effectSize, effectSizeName);
    }

    boolean significant() {
        return pAdjusted < ALPHA;
    }
}
