package org.dbstudy.analysis.statistics;

import java.util.Arrays;
import java.util.List;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.vocabulary.files.ReportColumn;

/**
 * A per-cell number that design effects and one-factor changes are computed from: a report column that designs
 * use ({@link ReportColumn#design()}: the mean response time and the throughput), over the analysed samples
 * (successful ones by default, see {@link org.dbstudy.analysis.reading.SampleSet}), replicates pooled.
 */
public record DesignMetric(ReportColumn column) {
    /** One instance per column, so that metrics compare as the enum's constants did. */
    private static final List<DesignMetric> ALL = Arrays.stream(ReportColumn.values()).filter(ReportColumn::design)
            .map(DesignMetric::new).toList();
    public static final DesignMetric MEAN_MS = ALL.stream().filter(m -> m.column == ReportColumn.MEAN_MS).findFirst()
            .orElseThrow();

    /** Every design metric, in column order. */
    public static List<DesignMetric> values() {
        return ALL;
    }

    /** The name files use: {@code mean_ms}, {@code throughput_per_s}. */
    public String id() {
        return column.id();
    }

    public String description() {
        return column.axis();
    }

    /** The cell's value; NaN for a cell without analysed samples. */
    public double of(CellResult cell) {
        return cell.analysed().samples() == 0 ? Double.NaN : ColumnTable.analysed(column, cell);
    }
}
