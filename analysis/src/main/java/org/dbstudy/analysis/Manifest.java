package org.dbstudy.analysis;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.dbstudy.vocabulary.CsvTable;
import org.dbstudy.vocabulary.ManifestColumns;

/**
 * The study's {@code manifest.csv}: {@code cell,replicate,plan,<factor>...,arrival}. Tells which cell a
 * result file belongs to (by plan base name) and each cell's factor levels, in manifest order.
 */
final class Manifest {
    /** Columns that describe a cell but are not factors ({@code arrival}: how its load arrives). */

    private final Path file;
    private final List<String> factors;
    private final Map<String, List<String>> levelsByCell = new LinkedHashMap<>();
    private final Map<String, String> cellByPlanBase = new HashMap<>();

    private Manifest(Path file, List<String> factors) {
        this.file = file;
        this.factors = List.copyOf(factors);
    }

    static Manifest read(Path file) throws IOException, AnalysisInputException {
        CsvTable table = CsvFiles.read(file, ManifestColumns.CELL, ManifestColumns.REPLICATE, ManifestColumns.PLAN);
        List<String> factors = ManifestColumns.factors(table.header());
        Manifest manifest = new Manifest(file, factors);
        for (CsvTable.Row row : table.rows()) {
            String name = row.get(ManifestColumns.CELL);
            if (name.isEmpty()) {
                throw new AnalysisInputException(file, row.line(), "cell", "empty; every row names its cell");
            }
            List<String> levels = new ArrayList<>();
            for (String factor : factors) {
                levels.add(row.get(factor));
            }
            List<String> known = manifest.levelsByCell.putIfAbsent(name, List.copyOf(levels));
            if (known != null && !known.equals(levels)) {
                throw new AnalysisInputException(file, row.line(), "cell", "'" + name + "' has levels " + levels
                        + " here but " + known + " on an earlier row; a cell's replicates share their levels");
            }
            String base = ManifestColumns.planBase(row.get(ManifestColumns.PLAN));
            String other = manifest.cellByPlanBase.putIfAbsent(base, name);
            if (other != null && !other.equals(name)) {
                throw new AnalysisInputException(file, row.line(), "plan", "'" + base + "' is also the plan of cell '"
                        + other + "'; each plan file belongs to one cell");
            }
        }
        if (manifest.levelsByCell.isEmpty()) {
            throw new AnalysisInputException(file, 2, "cell", "no rows; a manifest lists one row per cell and replicate");
        }
        return manifest;
    }

    Path file() {
        return file;
    }

    List<String> factors() {
        return factors;
    }

    /** Cells in manifest order. */
    Set<String> cells() {
        return levelsByCell.keySet();
    }

    List<String> levels(String cell) {
        return levelsByCell.get(cell);
    }

    /** The levels of one factor in order of first appearance. */
    List<String> levelsOf(String factor) {
        int i = factors.indexOf(factor);
        Set<String> levels = new LinkedHashSet<>();
        for (List<String> cellLevels : levelsByCell.values()) {
            levels.add(cellLevels.get(i));
        }
        return List.copyOf(levels);
    }

    Optional<String> cellOf(Path resultFile) {
        return Optional.ofNullable(cellByPlanBase.get(ResultNames.resultBase(resultFile)));
    }
}
