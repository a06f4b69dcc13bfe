package org.dbstudy.analysis.report.html;

import java.util.ArrayList;
import java.util.List;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.statistics.StudyResult;

/**
 * The columns that name a cell in the page's tables: one per factor, since a cell id glues factor and level
 * ({@code isolationREPEATABLE_READ-users16}) into a word too wide to read or to fit; the cell id for a
 * manifest without factors; for a JTL no dbstudy run made (no manifest) the label, which is what its
 * "cells" are. File names and CSV files keep the cell id, which other tools read.
 */
final class CellColumns {
    private CellColumns() {
    }

    /** Whether the study's cells are a plan's labels (no manifest): the page says "labels", not "cells". */
    static boolean labels(StudyResult r) {
        return r.manifest().isEmpty();
    }

    /** What a cell is called in the page's text: "cell" or "label". */
    static String noun(StudyResult r) {
        return labels(r) ? "label" : "cell";
    }

    static List<String> header(StudyResult r) {
        return r.factors().isEmpty() ? List.of(noun(r)) : r.factors();
    }

    static List<String> of(StudyResult r, CellResult c) {
        return r.factors().isEmpty() ? List.of(c.name()) : c.levels();
    }

    /** The columns of the cell with this id (a summary.csv row's); its id in the first column when unknown. */
    static List<String> of(StudyResult r, String cell) {
        for (CellResult c : r.cells()) {
            if (c.name().equals(cell)) {
                return of(r, c);
            }
        }
        List<String> unknown = new ArrayList<>(List.of(cell));
        while (unknown.size() < header(r).size()) {
            unknown.add("");
        }
        return unknown;
    }
}
