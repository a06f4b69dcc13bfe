package org.dbstudy.analysis;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.vocabulary.RunStatusFile;

/**
 * Everything the analysis found, ready for the writers.
 *
 * @param environments what each run ran on, by run name (one entry for a single run), flattened keys
 */
record StudyResult(AnalysisOptions options, List<String> factors, List<CellResult> cells, List<LabelResult> labels,
                   Map<String, Tally> agents, List<TestResult> tests, Optional<Comparison> comparison,
                   List<Speedup> speedups, List<RunStatusFile.Row> unfinished, Map<String, Map<String, String>> environments,
                   List<String> warnings, int files, long warmupExcluded) {

    /** Outcome classes with at least one error in some cell, in enum order. */
    List<Outcome> outcomesSeen() {
        return java.util.Arrays.stream(Outcome.values())
                .filter(o -> cells.stream().anyMatch(c -> c.accumulator().errors(o) > 0)).toList();
    }

    long samples() {
        return cells.stream().mapToLong(c -> c.stats().samples()).sum();
    }

    int factorIndex(String factor) {
        return factors.indexOf(factor);
    }
}
