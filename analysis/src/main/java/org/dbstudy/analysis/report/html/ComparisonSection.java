package org.dbstudy.analysis.report.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.analysis.cells.RunValues;
import org.dbstudy.analysis.cells.Spread;
import org.dbstudy.analysis.statistics.FactorTests;
import org.dbstudy.analysis.statistics.Speedup;
import org.dbstudy.analysis.statistics.SpeedupFinder;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.analysis.report.files.DriverNotes;
import org.dbstudy.analysis.report.format.Fmt;
import org.dbstudy.analysis.report.format.Html;

/**
 * Speedups against the baseline: a target (S2's MySQL vs MariaDB, S4's versions), a server setting
 * (S2's thread pool against one thread per connection) or any factor=level of analyze --baseline.
 */
final class ComparisonSection implements ReportSection {
    @Override
    public String id() {
        return "comparison";
    }

    @Override
    public String title() {
        return "Comparison";
    }

    @Override
    public boolean applies(ReportPage page) {
        return !page.result().speedups().isEmpty();
    }

    @Override
    public void write(Html h, ReportPage page) {
        StudyResult r = page.result();
        Speedup first = r.speedups().get(0);
        h.h2(id(), "Comparison with the baseline " + first.factor() + " = " + first.baselineLevel());
        h.p("S = T(baseline) / T(treatment) on " + r.options().samples().description() + "; S > 1 means the treatment is"
                + " faster. Brackets: 95% interval, between runs when both cells have 2 or more runs, else within-run only"
                + " (batch means over time within each run; too narrow for a claim about the servers). analyze --baseline"
                + " FACTOR=LEVEL chooses another baseline. \"within noise\": the between-run interval holds 1, so the"
                + " difference is inside the noise band the replicates give.");
        // Wherever targets are compared: what the targets really were (a driver on another product's server).
        DriverNotes.of(page.result().environments()).forEach(n -> h.p("Note: " + n + "."));
        List<String> names = SpeedupFinder.others(r.factors(), r.factorIndex(first.factor()));
        Map<String, List<String>> byPair = new LinkedHashMap<>();
        for (Speedup s : r.speedups()) {
            // S first, the cells' names (long) last, so the numbers are in view without scrolling.
            List<String> row = byPair.computeIfAbsent(s.baselineCell() + "\n" + s.treatmentCell(), k -> new ArrayList<>(
                    List.of(s.treatmentLevel(), FactorTests.fixedText(names, s.others(), -1))));
            // Between runs, an interval that holds 1 is the replicates' noise band: no effect shown.
            boolean noise = s.method() == Spread.Method.BETWEEN_RUNS && s.ciLow() <= 1 && 1 <= s.ciHigh();
            row.add(Fmt.num(s.speedup(), 3) + " [" + Fmt.num(s.ciLow(), 3) + ", " + Fmt.num(s.ciHigh(), 3) + "]"
                    + (noise ? " within noise" : ""));
            if (s.metric().equals(RunValues.METRICS[RunValues.METRICS.length - 1])) {
                row.add(s.method() == Spread.Method.BETWEEN_RUNS
                        ? "between runs (" + s.baselineRuns() + " and " + s.treatmentRuns() + " runs)"
                        : "within-run only (" + Fmt.num(s.batchSeconds(), 0) + " s batches)");
                row.add(s.treatmentCell());
            }
        }
        h.table(List.of("treatment", "other levels", "S on mean", "S on median", "S on 90% line", "interval", "treatment cell"),
                byPair.values().stream().limit(HtmlReport.MAX_ROWS).toList());
    }
}
