package org.dbstudy.analysis.statistics;

/**
 * What a rank test found, as Commons Statistics' test results give it: the statistic, its degrees of
 * freedom (NaN where the test has none), the two-sided p-value, an effect size and the number of
 * observations. It knows nothing of factors or report labels; {@link FactorTests} adds those.
 */
public record RankTest(double statistic, double df, double pValue, double effectSize, long n) {
}
