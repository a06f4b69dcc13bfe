package org.dbstudy.analysis.statistics;

import java.util.function.ToDoubleFunction;
import org.dbstudy.analysis.cells.CellResult;

/**
 * The per-cell numbers that design effects and one-factor changes are computed from: the cell's mean
 * response time and its throughput, both over the analysed samples (successful ones by default, see
 * {@link org.dbstudy.analysis.reading.SampleSet}), replicates pooled.
 */
public enum DesignMetric {
    /** Mean elapsed of the analysed samples, in ms. */
    MEAN_MS("mean_ms", "mean response time (ms)", c -> c.analysed().mean()),
    /** Analysed samples per second of the cell's span (for pooled runs, the spans added). */
    THROUGHPUT("throughput_per_s", "throughput (samples/s)", c -> c.analysed().throughputPerSecond());

    private final String id;
    private final String description;
    private final ToDoubleFunction<CellResult> value;

    DesignMetric(String id, String description, ToDoubleFunction<CellResult> value) {
        this.id = id;
        this.description = description;
        this.value = value;
    }

    /** The name files use: {@code mean_ms}, {@code throughput_per_s}. */
    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    /** The cell's value; NaN for a cell without analysed samples. */
    public double of(CellResult cell) {
        return cell.analysed().samples() == 0 ? Double.NaN : value.applyAsDouble(cell);
    }
}
