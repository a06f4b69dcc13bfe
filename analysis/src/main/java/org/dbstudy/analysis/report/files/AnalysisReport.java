package org.dbstudy.analysis.report.files;

import java.nio.file.Path;
import java.util.List;

/**
 * What {@link Analyzer#run} wrote and found.
 *
 * @param indexHtml  the self-contained report page
 * @param summaryCsv one row per cell
 * @param cells      number of cells
 * @param samples    top-level samples counted in the cells (after warm-up exclusion)
 * @param warnings   things the reader should know: cut-off files, bad lines, unmatched files
 */
public record AnalysisReport(Path indexHtml, Path summaryCsv, int cells, long samples, List<String> warnings) {
    public AnalysisReport {
        warnings = List.copyOf(warnings);
    }
}
