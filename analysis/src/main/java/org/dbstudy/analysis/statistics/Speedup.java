package org.dbstudy.analysis.statistics;

import java.util.List;
import org.dbstudy.analysis.cells.Spread;

/**
 * S = T(baseline) / T(treatment) for one metric of two matched cells (equal in every factor but
 * the comparison factor), with a 95% interval found as {@code method} says ({@link Spread}).
 *
 * @param others       levels of the other factors, in manifest order without the comparison factor
 * @param batchSeconds the time batch length of a within-run interval (the longer of the two cells'), else NaN
 */
public record Speedup(String factor, String baselineLevel, String treatmentLevel, String baselineCell,
               String treatmentCell, List<String> others, String metric, double baselineMs,
               double treatmentMs, double speedup, double ciLow, double ciHigh, Spread.Method method,
               int baselineRuns, int treatmentRuns, double batchSeconds) {
    public Speedup {
        others = List.copyOf(others);
    }
}
