package org.dbstudy.analysis.report.figures;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
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

    /** Call after the CSV files are in {@code dir}; the formats a report needs ({@link ChartSaver.Format#REPORT}). */
    public static List<ChartFile> write(StudyResult r, Path dir) throws IOException, AnalysisInputException {
        return write(r, dir, ChartSaver.Format.REPORT, null);
    }

    /** The same, each figure also handed to {@code inspector} (null: none) as it is saved. */
    public static List<ChartFile> write(StudyResult r, Path dir, ChartSaver.Inspector inspector)
            throws IOException, AnalysisInputException {
        return write(r, dir, ChartSaver.Format.REPORT, inspector);
    }

    /** The same in the given formats (each cell's over-time figure is SVG only, for the page). */
    public static List<ChartFile> write(StudyResult r, Path dir, Set<ChartSaver.Format> formats, ChartSaver.Inspector inspector)
            throws IOException, AnalysisInputException {
        ChartSaver saver = new ChartSaver(dir, formats).inspectedBy(inspector);
        PercentileIntervals.write(r.cells().stream().filter(c -> c.stats().samples() > 0).toList(),
                dir.resolve(PercentileIntervals.FILE));
        new FactorCharts(dir, saver).writeDefaults();
        Optional<MonitorCharts> server = r.monitor().map(m -> MonitorCharts.of(m, r.cells(), saver));
        StudyTimeline timeline = new StudyTimeline(r.factors(), r.cells(), server.map(MonitorCharts::files), saver);
        if (timeline.drawable()) {
            timeline.write();
        }
        new CellDashboards(r.cells(), server, saver).write();
        new CellCharts(r.cells(), saver).write();
        if (server.isPresent()) {
            server.get().write();
        }
        List<ChartFile> written = saver.written();
        Captions.write(dir, written);
        return written;
    }
}
