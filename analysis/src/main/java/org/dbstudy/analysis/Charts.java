package org.dbstudy.analysis;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Draws every figure of a report and returns them for the page: the factor figures from the CSV
 * files just written (so {@code dbstudy figure} re-draws them from the directory alone), then
 * the per-cell small multiples from the cells in memory.
 */
final class Charts {
    private Charts() {
    }

    /** Call after the CSV files are in {@code dir}. */
    static List<ChartFile> write(StudyResult r, Path dir) throws IOException, AnalysisInputException {
        ChartSaver saver = new ChartSaver(dir);
        PercentileIntervals.write(r.cells().stream().filter(c -> c.stats().samples() > 0).toList(),
                dir.resolve(PercentileIntervals.FILE));
        new FactorCharts(dir, saver).writeDefaults();
        new CellCharts(r.cells(), saver).write();
        return List.copyOf(saver.written());
    }
}
