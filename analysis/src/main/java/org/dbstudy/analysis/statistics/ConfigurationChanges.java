package org.dbstudy.analysis.statistics;

import java.util.ArrayList;
import java.util.List;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.StudyDesign;
import org.dbstudy.vocabulary.DesignColumn;

/**
 * A one-factor-at-a-time design read against its baseline: for each metric and each cell in manifest
 * order, the cell's value, the baseline's and their ratio (S1's tuning: 310.6 → 401.4 requests/s is a
 * ratio of 1.29 on throughput).
 */
public final class ConfigurationChanges {
    private ConfigurationChanges() {
    }

    public static List<ConfigurationChange> of(List<String> factors, StudyDesign design, List<CellResult> cells) {
        if (!design.type().equals(DesignColumn.ONE_FACTOR_AT_A_TIME)) {
            return List.of();
        }
        CellResult base = cells.stream().filter(c -> design.point(c.name()) instanceof DesignColumn.Baseline)
                .findFirst().orElse(null);
        if (base == null) {
            return List.of();
        }
        List<ConfigurationChange> out = new ArrayList<>();
        for (DesignMetric metric : DesignMetric.values()) {
            double baseline = metric.of(base);
            for (CellResult c : cells) {
                String changed = changed(factors, base, c);
                DesignColumn.Point point = design.point(c.name());
                String configuration = point instanceof DesignColumn.Combined n ? "combined " + n.name()
                        : point instanceof DesignColumn.Baseline ? "baseline" : changed;
                double value = metric.of(c);
                out.add(new ConfigurationChange(metric, c.name(), configuration, changed, value, baseline,
                        value / baseline));
            }
        }
        return out;
    }

    /** "work_mem=64MB, random_page_cost=1.1": the levels where the cell differs from the baseline. */
    private static String changed(List<String> factors, CellResult base, CellResult cell) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < factors.size(); i++) {
            if (!cell.levels().get(i).equals(base.levels().get(i))) {
                out.add(factors.get(i) + "=" + cell.levels().get(i));
            }
        }
        return String.join(", ", out);
    }
}
