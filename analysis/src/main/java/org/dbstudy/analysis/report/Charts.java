package org.dbstudy.analysis.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.statistics.StudyResult;

/**
 * Draws every figure of a report and returns them for the page: the factor figures from the CSV
 * files just written (so {@code dbstudy figure} re-draws them from the directory alone), then
 * the per-cell small multiples from the cells in memory, and the server beside the load when a
 * monitor ran.
 */
public final class Charts {
    private Charts() {
    }

    /** Call after the CSV files are in {@code dir}. */
    public static List<ChartFile> write(StudyResult r, Path dir) throws IOException, AnalysisInputException {
        return write(r, dir, null);
    }

    /** The same, each figure also handed to {@code inspector} (null: none) as it is saved. */
    public static List<ChartFile> write(StudyResult r, Path dir, ChartSaver.Inspector inspector)
            throws IOException, AnalysisInputException {
        ChartSaver saver = new ChartSaver(dir).inspectedBy(inspector);
        PercentileIntervals.write(r.cells().stream().filter(c -> c.stats().samples() > 0).toList(),
                dir.resolve(PercentileIntervals.FILE));
        new FactorCharts(dir, saver).writeDefaults();
        Optional<MonitorCharts> server = r.options().manifest().isPresent()
                ? MonitorCharts.of(r.options().manifest().get(), r.cells(), saver) : Optional.empty();
        StudyTimeline timeline = new StudyTimeline(r.factors(), r.cells(), server.map(MonitorCharts::files), saver);
        if (timeline.drawable()) {
            timeline.write();
        }
        new CellDashboards(r.cells(), server, saver).write();
        new CellCharts(r.cells(), saver).write();
        if (server.isPresent()) {
            server.get().write();
        }
        Captions.write(dir, saver.written());
        return List.copyOf(saver.written());
    }
}
