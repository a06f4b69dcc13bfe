package org.dbstudy.analysis;

import java.util.List;

/**
 * S = T(baseline) / T(treatment) for one metric of two matched cells (equal in every factor but
 * the comparison factor), with a bootstrap 95% percentile interval.
 *
 * @param others levels of the other factors, in manifest order without the comparison factor
 */
record Speedup(String factor, String baselineLevel, String treatmentLevel, String baselineCell,
               String treatmentCell, List<String> others, String metric, double baselineMs,
               double treatmentMs, double speedup, double ciLow, double ciHigh) {
    Speedup {
        others = List.copyOf(others);
    }
}
