package org.dbstudy.analysis;

import java.util.List;

/**
 * S = T(baseline) / T(treatment) for one metric of two matched cells (equal in every factor but
 * the comparison factor), with a 95% interval found as {@code method} says ({@link Spread}).
 *
 * @param others       levels of the other factors, in manifest order without the comparison factor
 * @param batchSeconds the time batch length of a within-run interval (the longer of the two cells'), else NaN
 */
record Speedup(String factor, String baselineLevel, String treatmentLevel, String baselineCell,
               String treatmentCell, List<String> others, String metric, double baselineMs,
               double treatmentMs, double speedup, double ciLow, double ciHigh, Spread.Method method,
               int baselineRuns, int treatmentRuns, double batchSeconds) {
    Speedup {
        others = List.copyOf(others);
    }
}
