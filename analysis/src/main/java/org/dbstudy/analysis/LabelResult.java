package org.dbstudy.analysis;

/** One label's numbers over all files; sub-result labels are listed but never part of a cell. */
record LabelResult(String label, boolean subResult, SampleStats stats) {
}
