package org.dbstudy.analysis;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Draws every chart the study's factors allow and returns them for the report. */
final class Charts {
    private Charts() {
    }

    static List<ChartFile> write(StudyResult r, Path dir) throws IOException {
        ChartSaver saver = new ChartSaver(dir);
        new FactorCharts(r, saver).write();
        new CellCharts(r.cells(), saver).write();
        return List.copyOf(saver.written());
    }
}
