package org.dbstudy.analysis.cells;

/**
 * One label's numbers over all files; sub-result labels are listed but never part of a cell.
 *
 * @param distinct the label's distinct values, for any percentile of {@code labels.csv}
 */
public record LabelResult(String label, boolean subResult, SampleStats stats, Distinct distinct) {
    public static LabelResult of(String label, boolean subResult, Accumulator acc) {
        Distinct d = acc.times().distinct();
        return new LabelResult(label, subResult, SampleStats.of(acc, d), d);
    }
}
