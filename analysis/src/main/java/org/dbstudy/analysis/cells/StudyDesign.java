package org.dbstudy.analysis.cells;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.vocabulary.DesignColumn;
import org.dbstudy.vocabulary.FractionalDesign;
import org.dbstudy.vocabulary.ManifestColumns;

/**
 * Which design the manifest's cells come from, read from its {@code design} column
 * ({@link DesignColumn}): a full factorial (no column), one factor at a time from a baseline, or a
 * two-level fractional factorial, whose letters A, B, … are the factors with two levels in manifest
 * order and whose low (−) and high (+) levels are read from the cells' signs.
 */
public final class StudyDesign {
    public static final StudyDesign FULL = new StudyDesign(DesignColumn.FULL_FACTORIAL, Map.of(), null, List.of(),
            List.of(), List.of());

    private final String type;
    private final Map<String, DesignColumn.Point> points;
    private final FractionalDesign fractional;
    private final List<String> letterFactors;
    private final List<String> low;
    private final List<String> high;

    private StudyDesign(String type, Map<String, DesignColumn.Point> points, FractionalDesign fractional,
                        List<String> letterFactors, List<String> low, List<String> high) {
        this.type = type;
        this.points = Map.copyOf(points);
        this.fractional = fractional;
        this.letterFactors = List.copyOf(letterFactors);
        this.low = List.copyOf(low);
        this.high = List.copyOf(high);
    }

    /**
     * The design of these cells, checked: every cell of one design, one baseline, and in a fractional
     * design one two-level factor per letter whose levels keep their signs from cell to cell.
     *
     * @param points each cell's point (null for a full factorial's cell), in manifest order
     * @param lines  each cell's first manifest line
     */
    static StudyDesign of(Path file, List<String> factors, Map<String, List<String>> levelsByCell,
                          Map<String, DesignColumn.Point> points, Map<String, Long> lines) throws AnalysisInputException {
        List<String> cells = new ArrayList<>(levelsByCell.keySet());
        DesignColumn.Point first = points.get(cells.get(0));
        for (String cell : cells) {
            DesignColumn.Point p = points.get(cell);
            boolean sameKind = first == null ? p == null : p != null && (p instanceof DesignColumn.Fractional)
                    == (first instanceof DesignColumn.Fractional);
            if (!sameKind || (p instanceof DesignColumn.Fractional f
                    && !f.design().equals(((DesignColumn.Fractional) first).design()))) {
                throw error(file, lines.get(cell), "cell '" + cell + "' belongs to another design than cell '"
                        + cells.get(0) + "'");
            }
        }
        if (first == null) {
            return FULL;
        }
        if (!(first instanceof DesignColumn.Fractional f)) {
            long baselines = points.values().stream().filter(p -> p instanceof DesignColumn.Baseline).count();
            if (baselines != 1) {
                throw error(file, lines.get(cells.get(0)), baselines + " baseline cells; a one-factor-at-a-time design"
                        + " has exactly one");
            }
            for (String cell : cells) {
                if (points.get(cell) instanceof DesignColumn.Varied v && !factors.contains(v.factor())) {
                    throw error(file, lines.get(cell), "cell '" + cell + "' varies '" + v.factor()
                            + "', which is not a manifest column");
                }
            }
            return new StudyDesign(DesignColumn.ONE_FACTOR_AT_A_TIME, points, null, List.of(), List.of(), List.of());
        }
        return fractional(file, factors, levelsByCell, points, lines, f.design());
    }

    private static StudyDesign fractional(Path file, List<String> factors, Map<String, List<String>> levelsByCell,
                                          Map<String, DesignColumn.Point> points, Map<String, Long> lines,
                                          FractionalDesign design) throws AnalysisInputException {
        List<Integer> twoLevel = new ArrayList<>();
        for (int i = 0; i < factors.size(); i++) {
            int column = i;
            long distinct = levelsByCell.values().stream().map(l -> l.get(column)).distinct().count();
            if (distinct == 2) {
                twoLevel.add(i);
            }
        }
        String firstCell = levelsByCell.keySet().iterator().next();
        if (twoLevel.size() != design.factors()) {
            throw error(file, lines.get(firstCell), design.text() + " has " + design.factors() + " factors, but "
                    + twoLevel.size() + " manifest column(s) have two levels");
        }
        List<String> names = new ArrayList<>();
        String[] low = new String[twoLevel.size()];
        String[] high = new String[twoLevel.size()];
        for (Map.Entry<String, List<String>> e : levelsByCell.entrySet()) {
            int mask = ((DesignColumn.Fractional) points.get(e.getKey())).high();
            for (int letter = 0; letter < twoLevel.size(); letter++) {
                String level = e.getValue().get(twoLevel.get(letter));
                String[] side = (mask & 1 << letter) != 0 ? high : low;
                String[] other = side == high ? low : high;
                if ((side[letter] != null && !side[letter].equals(level)) || level.equals(other[letter])) {
                    throw error(file, lines.get(e.getKey()), "factor " + FractionalDesign.letter(letter) + " ("
                            + factors.get(twoLevel.get(letter)) + ") has level '" + level + "' at sign "
                            + ((mask & 1 << letter) != 0 ? "+" : "-") + " here but not in earlier cells");
                }
                side[letter] = level;
            }
        }
        twoLevel.forEach(i -> names.add(factors.get(i)));
        return new StudyDesign(DesignColumn.FRACTIONAL_FACTORIAL, points, design, names, List.of(low), List.of(high));
    }

    private static AnalysisInputException error(Path file, long line, String problem) {
        return new AnalysisInputException(file, line, ManifestColumns.DESIGN, problem + "; valid: the manifest.csv the"
                + " generator wrote for the study (docs/study-file.md, Designs)");
    }

    /** full-factorial, one-factor-at-a-time or fractional-factorial. */
    public String type() {
        return type;
    }

    /** The cell's place in the design; null in a full factorial. */
    public DesignColumn.Point point(String cell) {
        return points.get(cell);
    }

    /** The fractional design, or null. */
    public FractionalDesign fractional() {
        return fractional;
    }

    /** The factor each letter names, A first. */
    public List<String> letterFactors() {
        return letterFactors;
    }

    /** The level at − of each letter. */
    public List<String> low() {
        return low;
    }

    /** The level at + of each letter. */
    public List<String> high() {
        return high;
    }

    /** "users×rows" for AB. */
    public String factorsOf(int mask) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < letterFactors.size(); i++) {
            if ((mask & 1 << i) != 0) {
                out.add(letterFactors.get(i));
            }
        }
        return String.join("×", out);
    }
}
