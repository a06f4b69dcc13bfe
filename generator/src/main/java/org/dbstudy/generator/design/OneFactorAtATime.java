package org.dbstudy.generator.design;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.vocabulary.DesignColumn;

/**
 * One factor at a time from a baseline (S1's tuning): first the baseline, then, factor by factor in
 * declared order, each of its other levels with every other factor on its baseline level, then the
 * named combined configurations (baseline levels except those named). A factor not in
 * {@code baseline} has its first declared level there.
 *
 * @param baseline levels given in the file, each with its line
 * @param combined named configurations in file order
 */
public record OneFactorAtATime(List<Setting> baseline, List<Named> combined) implements CellDesign {
    /** One {@code factor: level} of the file, with its line (0 when it was filled in). */
    public record Setting(String factor, String level, int line) {
    }

    public record Named(String name, List<Setting> levels, int line) {
        public Named {
            levels = List.copyOf(levels);
        }
    }

    public OneFactorAtATime {
        baseline = List.copyOf(baseline);
        combined = List.copyOf(combined);
    }

    @Override
    public String type() {
        return DesignColumn.ONE_FACTOR_AT_A_TIME;
    }

    @Override
    public Expansion expand(Design d) throws StudyFileException {
        List<Design.Factor> factors = d.factors();
        Map<String, String> base = new LinkedHashMap<>();
        factors.forEach(f -> base.put(f.name(), f.levels().get(0)));
        apply(d, base, baseline, "design.baseline");
        List<Combination> out = new ArrayList<>();
        out.add(new Combination(base, DesignColumn.baseline()));
        for (Design.Factor f : factors) {
            for (String level : f.levels()) {
                if (!level.equals(base.get(f.name()))) {
                    Map<String, String> levels = new LinkedHashMap<>(base);
                    levels.put(f.name(), level);
                    out.add(new Combination(levels, DesignColumn.varied(f.name())));
                }
            }
        }
        Map<Map<String, String>, String> seen = new LinkedHashMap<>();
        out.forEach(c -> seen.put(c.levels(), c.point()));
        for (Named n : combined) {
            Map<String, String> levels = new LinkedHashMap<>(base);
            String field = "design.combined." + n.name();
            apply(d, levels, n.levels(), field);
            String same = seen.putIfAbsent(levels, DesignColumn.combined(n.name()));
            if (same != null) {
                throw new StudyFileException(d.source(), n.line(), field, "the same levels as the cell '" + same
                        + "' " + levels, "a configuration that differs from the baseline in two or more factors"
                        + " and from every other combined configuration");
            }
            out.add(new Combination(levels, DesignColumn.combined(n.name())));
        }
        List<Setting> effective = new ArrayList<>();
        base.forEach((factor, level) -> effective.add(new Setting(factor, level, 0)));
        return new Expansion(out, new OneFactorAtATime(effective, combined));
    }

    /** Puts each setting's level into {@code levels}; each must be a level of a factor of the study. */
    private static void apply(Design d, Map<String, String> levels, List<Setting> settings, String field)
            throws StudyFileException {
        for (Setting s : settings) {
            Design.Factor f = d.factors().stream().filter(x -> x.name().equals(s.factor())).findFirst().orElse(null);
            if (f == null) {
                throw new StudyFileException(d.source(), s.line(), field + "." + s.factor(), "not a factor of the study",
                        String.join(", ", d.factors().stream().map(Design.Factor::name).toList()));
            }
            if (!f.levels().contains(s.level())) {
                throw new StudyFileException(d.source(), s.line(), field + "." + s.factor(), "'" + s.level()
                        + "' is not a level of " + f.name(), String.join(", ", f.levels()));
            }
            levels.put(f.name(), s.level());
        }
    }
}
