package org.dbstudy.generator.design;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.dbstudy.vocabulary.RunFolder;

/**
 * The cells of a study: the combinations its {@link CellDesign} chooses (by default the full factorial
 * in declared factor order, the last factor varying fastest, as in jmh, minus exclusions), each
 * checked by the workload and given a unique id, repeated as whole blocks per replicate, then
 * shuffled with {@code new Random(seed)} when the order is random.
 */
public final class CellExpander {
    private CellExpander() {
    }

    /** The most cells (replicates counted) a study may have: more would not run in a lifetime, and expanding them runs out of memory. */
    static final long MAX_CELLS = 100_000;

    public static Expanded expand(Design d) throws StudyFileException {
        List<Design.Factor> factors = d.factors();
        if (d.cellDesign() instanceof FullFactorial) {
            // Counted before expanding: 10 factors of 10 levels are 10^10 combinations.
            double combinations = 1;
            for (Design.Factor f : factors) {
                combinations *= f.levels().size();
            }
            checkCount(d, combinations * d.replicates(), "every combination of the factors' levels");
        }
        CellDesign.Expansion expansion = d.cellDesign().expand(d);
        checkCount(d, (double) expansion.combinations().size() * d.replicates(), "the design's cells");
        List<Cell> first = new ArrayList<>();
        Map<String, Map<String, String>> byId = new HashMap<>();
        for (CellDesign.Combination combo : expansion.combinations()) {
            Map<String, String> levels = combo.levels();
            String id = id(levels);
            Map<String, String> clash = byId.putIfAbsent(id, levels);
            if (clash != null) {
                throw new StudyFileException(d.source(), lineOfFirstFactor(factors), "factors",
                        "cells " + clash + " and " + levels + " both get the id '" + id + "'",
                        "levels that still differ after characters other than A-Z a-z 0-9 . _ - become '_'");
            }
            checkCell(d, levels);
            first.add(new Cell(id, 1, RunFolder.plan(id), levels, target(d, levels), combo.point()));
        }
        List<Cell> cells = new ArrayList<>(first);
        for (int r = 2; r <= d.replicates(); r++) {
            for (Cell c : first) {
                cells.add(new Cell(c.id(), r, RunFolder.plan(c.id() + "-r" + r), c.factors(), c.target(),
                        c.design()));
            }
        }
        if ("random".equals(d.order())) {
            Collections.shuffle(cells, new Random(d.seed()));
        }
        return new Expanded(List.copyOf(cells), expansion.effective());
    }

    /** The cells in run order and the design with what it chose made explicit (e.g. table generators). */
    public record Expanded(List<Cell> cells, CellDesign design) {
    }

    /** Levels joined by '-', each prefixed by its factor name except operation, query, variant, target. */
    static String id(Map<String, String> levels) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String> e : levels.entrySet()) {
            if (sb.length() > 0) {
                sb.append('-');
            }
            if (Factors.prefixed(e.getKey())) {
                sb.append(e.getKey());
            }
            sb.append(e.getValue());
        }
        return sb.toString().replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static Target target(Design d, Map<String, String> levels) {
        String name = levels.get(Factors.TARGET);
        if (name == null) {
            return d.targets().get(0);
        }
        return d.targets().stream().filter(t -> t.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("target level " + name + " was not checked"));
    }

    /** The workload's own check of a combination (e.g. clients that cannot bind to warehouses). */
    private static void checkCell(Design d, Map<String, String> levels) throws StudyFileException {
        Map<String, String> canonical = new LinkedHashMap<>();
        levels.forEach((k, v) -> canonical.put(Factors.canonical(k), v));
        Map<String, String> parameters = new LinkedHashMap<>(d.parameters());
        d.workload().parameters().forEach(p -> parameters.putIfAbsent(p.name(), p.defaultValue()));
        parameters.replaceAll((k, v) -> canonical.getOrDefault(k, v));
        org.dbstudy.generator.workload.Workload.CellProblem ofCell = d.workload().cellProblem(
                new org.dbstudy.generator.workload.CellValues(canonical, parameters, null));
        org.dbstudy.generator.workload.Workload.CellProblem problem = ofCell != null ? ofCell : valueOnTargets(d, parameters);
        if (problem != null) {
            int line = d.factors().stream().filter(f -> Factors.canonical(f.name()).equals(Factors.canonical(problem.field())))
                    .mapToInt(Design.Factor::line).filter(l -> l > 0).findFirst().orElse(lineOfFirstFactor(d.factors()));
            throw new StudyFileException(d.source(), line, problem.field(), problem.problem() + " in cell " + levels,
                    problem.valid());
        }
    }

    /**
     * A parameter's value in this cell (a factor's level or the study's value) that cannot run on one of the
     * targets' databases. The parser names a study's value at its own line first; this also catches a
     * factor's level, and a study moved to another database ({@code --db}).
     */
    private static org.dbstudy.generator.workload.Workload.CellProblem valueOnTargets(Design d, Map<String, String> values) {
        for (Map.Entry<String, String> value : values.entrySet()) {
            for (Target t : d.targets()) {
                org.dbstudy.generator.workload.Workload.CellProblem problem =
                        d.workload().problemOnTarget(value.getKey(), value.getValue(), t.kind());
                if (problem != null) {
                    return problem;
                }
            }
        }
        return null;
    }

    private static int lineOfFirstFactor(List<Design.Factor> factors) {
        return factors.stream().mapToInt(Design.Factor::line).filter(l -> l > 0).findFirst().orElse(0);
    }

    private static void checkCount(Design d, double cells, String what) throws StudyFileException {
        if (cells > MAX_CELLS) {
            throw new StudyFileException(d.source(), lineOfFirstFactor(d.factors()), "factors",
                    String.format(java.util.Locale.ROOT, "%s times %d replicate(s) make %,.0f cells, over the limit of %,d cells",
                            what, d.replicates(), cells, MAX_CELLS),
                    "fewer factors or levels, or a design that chooses fewer cells (one factor at a time, a fractional factorial)");
        }
    }
}
