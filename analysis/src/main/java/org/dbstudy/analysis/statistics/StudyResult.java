package org.dbstudy.analysis.statistics;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.vocabulary.files.CellStopFile;
import org.dbstudy.vocabulary.files.RunStatusFile;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.LabelResult;
import org.dbstudy.analysis.cells.Manifest;
import org.dbstudy.analysis.cells.Tally;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.reading.MonitorFiles;

/**
 * Everything the analysis found, ready for the writers.
 *
 * @param manifest     the study's manifest, read once (empty when each label is a cell)
 * @param monitor      the monitor files beside it, read once (empty without a manifest or a monitor directory)
 * @param environments what each run ran on, by run name (one entry for a single run), flattened keys
 * @param design       the design's effects or one-factor changes (empty lists for a full factorial)
 * @param claimCells   the cells as claims see them: without the runs in {@code unfinished} (failed or not finished)
 * @param total        without a manifest, JMeter's TOTAL row over the labels that are the cells; else empty
 * @param stops        how each run of cells that end on precision ended ({@code cell-stops.csv}); empty for fixed cells
 */
public record StudyResult(AnalysisOptions options, Optional<Manifest> manifest, Optional<MonitorFiles> monitor,
                   List<String> factors, List<CellResult> cells, List<LabelResult> labels, Map<String, Tally> agents, List<TestResult> tests, Optional<Comparison> comparison,
                   List<Speedup> speedups, List<RunStatusFile.Row> unfinished, Map<String, Map<String, String>> environments,
                   List<String> warnings, int files, long warmupExcluded, DesignResult design,
                   List<CellResult> claimCells, Optional<ColumnTable.Group> total,
                   List<CellStopFile.Row> stops) {

    /** Outcome classes with at least one error in some cell, in enum order. */
    public List<Outcome> outcomesSeen() {
        return java.util.Arrays.stream(Outcome.values())
                .filter(o -> o.isError() && cells.stream().anyMatch(c -> c.accumulator().errors(o) > 0)).toList();
    }

    /** Samples of all cells still retrying when their cell's window ended (reported apart from errors). */
    public long retryingAtEnd() {
        return cells.stream().mapToLong(c -> c.accumulator().retryingAtEnd()).sum();
    }

    public long samples() {
        return cells.stream().mapToLong(c -> c.stats().samples()).sum();
    }

    public int factorIndex(String factor) {
        return factors.indexOf(factor);
    }
}
