package org.dbstudy.analysis.cells;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import org.dbstudy.vocabulary.files.Csv;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.DesignColumn;
import org.dbstudy.vocabulary.DesignException;
import org.dbstudy.vocabulary.ManifestColumns;
import org.dbstudy.vocabulary.RunFolder;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.CsvFiles;
import org.dbstudy.analysis.reading.ResultNames;

/**
 * The study's {@code manifest.csv}: {@code cell,replicate,plan,<factor>...,arrival[,design]}. Tells which
 * cell a result file belongs to (by plan base name), each cell's factor levels, in manifest order, and
 * the design the cells come from ({@link StudyDesign}).
 */
public final class Manifest {
    /** Columns that describe a cell but are not factors ({@code arrival}: how its load arrives). */

    private final Path file;
    private final List<String> factors;
    private final Map<String, List<String>> levelsByCell = new LinkedHashMap<>();
    private final Map<String, String> cellByPlanBase = new LinkedHashMap<>();
    private final Map<String, String> replicateByPlanBase = new HashMap<>();
    private final List<String> blocks = new ArrayList<>();
    private final Map<String, String> blockByCell = new LinkedHashMap<>();
    /** Each factor's levels in the study file's order, where study.properties beside the manifest says. */
    private final Map<String, List<String>> declared = new HashMap<>();
    private int connectionsPerUser = 1;
    private StudyDesign design = StudyDesign.FULL;

    private Manifest(Path file, List<String> factors) {
        this.file = file;
        this.factors = List.copyOf(factors);
    }

    public static Manifest read(Path file) throws IOException, AnalysisInputException {
        CsvTable table = CsvFiles.read(file, ManifestColumns.CELL, ManifestColumns.REPLICATE, ManifestColumns.PLAN);
        List<String> factors = ManifestColumns.factors(table.header());
        Manifest manifest = new Manifest(file, factors);
        boolean designed = table.has(ManifestColumns.DESIGN);
        Map<String, DesignColumn.Point> points = new LinkedHashMap<>();
        Map<String, Long> lines = new HashMap<>();
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
            if (designed) {
                String text = row.get(ManifestColumns.DESIGN);
                if (lines.putIfAbsent(name, row.line()) == null) {
                    points.put(name, point(file, row.line(), text));
                } else if (!Objects.equals(points.get(name), point(file, row.line(), text))) {
                    throw new AnalysisInputException(file, row.line(), ManifestColumns.DESIGN, "'" + text + "' for cell '"
                            + name + "' differs from its earlier row; a cell's replicates share their place in the design");
                }
            }
            if (table.has(ManifestColumns.BLOCK)) {
                manifest.blocks.add(row.get(ManifestColumns.BLOCK));
                manifest.blockByCell.put(name, row.get(ManifestColumns.BLOCK));
            }
            String base = ManifestColumns.planBase(row.get(ManifestColumns.PLAN));
            manifest.replicateByPlanBase.putIfAbsent(base, row.get(ManifestColumns.REPLICATE).trim());
            String other = manifest.cellByPlanBase.putIfAbsent(base, name);
            if (other != null && !other.equals(name)) {
                throw new AnalysisInputException(file, row.line(), "plan", "'" + base + "' is also the plan of cell '"
                        + other + "'; each plan file belongs to one cell");
            }
        }
        if (manifest.levelsByCell.isEmpty()) {
            throw new AnalysisInputException(file, 2, "cell", "no rows; a manifest lists one row per cell and replicate");
        }
        if (designed) {
            manifest.design = StudyDesign.of(file, factors, manifest.levelsByCell, points, lines);
        }
        Properties study = studyProperties(file.toAbsolutePath().resolveSibling(RunFolder.STUDY_PROPERTIES));
        manifest.declared.putAll(declaredLevels(study, factors));
        manifest.connectionsPerUser = connectionsPerUser(study);
        return manifest;
    }

    /** study.properties beside the manifest; empty without the file. */
    private static Properties studyProperties(Path properties) throws IOException {
        Properties p = new Properties();
        if (Files.isRegularFile(properties)) {
            try (Reader in = Files.newBufferedReader(properties, StandardCharsets.UTF_8)) {
                p.load(in);
            }
        }
        return p;
    }

    /** {@code study.connections_per_user}: a whole number of at least 1, else 1 (a file from before it, or edited). */
    private static int connectionsPerUser(Properties p) {
        String v = p.getProperty(ManifestColumns.CONNECTIONS_PER_USER_KEY, "1").strip();
        return v.matches("[1-9][0-9]{0,5}") ? Integer.parseInt(v) : 1;
    }

    /** The connections each user of a cell holds at most (one per sampler of its mix), from study.properties; 1 without it. */
    public int connectionsPerUser() {
        return connectionsPerUser;
    }

    /** {@code study.levels.<factor>} of study.properties, for the factors it has; none without the file. */
    private static Map<String, List<String>> declaredLevels(Properties p, List<String> factors) {
        Map<String, List<String>> out = new HashMap<>();
        for (String factor : factors) {
            String levels = p.getProperty(ManifestColumns.DECLARED_LEVELS_KEY + factor);
            if (levels != null) {
                out.put(factor, Csv.split(levels));
            }
        }
        return out;
    }

    private static DesignColumn.Point point(Path file, long line, String text) throws AnalysisInputException {
        try {
            return DesignColumn.parse(text);
        } catch (DesignException e) {
            throw new AnalysisInputException(file, line, ManifestColumns.DESIGN, e.getMessage());
        }
    }

    /** The design the cells come from (a full factorial when the manifest has no design column). */
    public StudyDesign design() {
        return design;
    }

    public Path file() {
        return file;
    }

    /** The study's directory, the manifest's own (absolute): the monitor files, logs, run status and claims beside it. */
    public Path studyDir() {
        return file.toAbsolutePath().getParent();
    }

    public List<String> factors() {
        return factors;
    }

    /** Each cell's configuration block ({@link Blocks}); empty without a block column. */
    public Map<String, String> blockByCell() {
        return Map.copyOf(blockByCell);
    }

    /** The rows' configuration blocks in run order ({@link Blocks}); empty without a block column. */
    public List<String> blocks() {
        return List.copyOf(blocks);
    }

    /** Cells in manifest order. */
    public Set<String> cells() {
        return levelsByCell.keySet();
    }

    /** The plans' base names, in manifest order: the names a result file must have to belong to a row. */
    public List<String> planBases() {
        return List.copyOf(cellByPlanBase.keySet());
    }

    public List<String> levels(String cell) {
        return levelsByCell.get(cell);
    }

    /**
     * The levels of one factor in the study file's order (study.properties' {@code study.levels.<factor>}),
     * else in order of first appearance; only levels some cell has.
     */
    public List<String> levelsOf(String factor) {
        int i = factors.indexOf(factor);
        Set<String> present = new LinkedHashSet<>();
        for (List<String> cellLevels : levelsByCell.values()) {
            present.add(cellLevels.get(i));
        }
        Set<String> levels = new LinkedHashSet<>(declared.getOrDefault(factor, List.of()));
        levels.retainAll(present);
        levels.addAll(present);
        return List.copyOf(levels);
    }

    /**
     * The replicate of the manifest row whose plan the result file ran, as written there ("" for a file no
     * row names): with the cell, the run's key in {@code run-status.csv}.
     */
    public String replicateOf(Path resultFile) {
        return replicateByPlanBase.getOrDefault(ResultNames.resultBase(resultFile), "");
    }

    public Optional<String> cellOf(Path resultFile) {
        return Optional.ofNullable(cellByPlanBase.get(ResultNames.resultBase(resultFile)));
    }
}
