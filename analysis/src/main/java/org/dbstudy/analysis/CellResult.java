package org.dbstudy.analysis;

import java.util.List;

/**
 * One cell's pooled samples and numbers. Without a manifest a cell is a label and has no levels.
 *
 * @param levels one level per factor, in manifest order
 */
record CellResult(String name, List<String> levels, Accumulator accumulator, Distinct distinct, SampleStats stats) {

    static CellResult of(String name, List<String> levels, Accumulator accumulator) {
        Distinct distinct = accumulator.times().distinct();
        return new CellResult(name, List.copyOf(levels), accumulator, distinct, SampleStats.of(accumulator, distinct));
    }
}
