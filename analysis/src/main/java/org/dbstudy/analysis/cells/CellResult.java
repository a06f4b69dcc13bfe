package org.dbstudy.analysis.cells;

import java.util.List;
import java.util.Map;
import org.dbstudy.analysis.reading.SampleSet;

/**
 * One cell's pooled samples and numbers. Without a manifest a cell is a label and has no levels.
 *
 * @param levels   one level per factor, in manifest order
 * @param distinct all samples' values; {@code stats} the Aggregate Report numbers over all samples
 * @param success  the same numbers over the successful samples
 * @param set      which samples response-time figures, tests and intervals use
 * @param analysedDistinct the values of the samples in {@code set}
 * @param runs     per result file (run) of the cell: its values for intervals
 * @param labels   the cell's top-level labels (transaction types, queries), replicates pooled; empty without a manifest
 * @param notes    per run, what its setUp and tearDown samples said (data start, consistency, plans)
 * @param subResults the cell's sub-result labels (a transaction's statements), replicates pooled: never in the
 *                 cell's statistics, read by claims that set one label against another
 */
public record CellResult(String name, List<String> levels, Accumulator accumulator, Distinct distinct, SampleStats stats,
                  SampleStats success, SampleSet set, Distinct analysedDistinct, List<RunValues> runs,
                  Map<String, Accumulator> labels, List<RunNotes> notes, Map<String, Accumulator> subResults) {

    public static CellResult of(String name, List<String> levels, Accumulator accumulator, SampleSet set, List<RunValues> runs) {
        return of(name, levels, accumulator, set, runs, Map.of(), List.of());
    }

    public static CellResult of(String name, List<String> levels, Accumulator accumulator, SampleSet set, List<RunValues> runs,
            Map<String, Accumulator> labels, List<RunNotes> notes) {
        Distinct distinct = accumulator.times().distinct();
        Distinct successes = accumulator.successTimes().distinct();
        return new CellResult(name, List.copyOf(levels), accumulator, distinct, SampleStats.of(accumulator, distinct),
                SampleStats.ofSuccesses(accumulator, successes), set, set == SampleSet.ALL ? distinct : successes,
                List.copyOf(runs), labels, List.copyOf(notes), Map.of());
    }

    /** The same cell with its sub-result labels. */
    public CellResult withSubResults(Map<String, Accumulator> subs) {
        return new CellResult(name, levels, accumulator, distinct, stats, success, set, analysedDistinct, runs, labels, notes,
                subs);
    }

    /** A top-level or sub-result label's samples, replicates pooled; null when the cell has none. */
    public Accumulator label(String label) {
        Accumulator top = labels.get(label);
        return top != null ? top : subResults.get(label);
    }

    /** The response-time numbers of the analysed samples: successful ones by default, see {@link SampleSet}. */
    public SampleStats analysed() {
        return set == SampleSet.ALL ? stats : success;
    }

    /** Failed samples per second of the cell's span. */
    public double failedPerSecond() {
        return SampleStats.failedPerSecond(accumulator);
    }

    /** The spread of the analysed mean, median or 90% line ({@link RunValues#METRICS} index). */
    public Spread spread(int metric) {
        return Spread.of(runs, metric);
    }
}
