package org.dbstudy.analysis.cells;

/** One label's numbers over all files; sub-result labels are listed but never part of a cell. */
public record LabelResult(String label, boolean subResult, SampleStats stats) {
}
