package org.dbstudy.generator.design;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.dbstudy.vocabulary.DesignColumn;

/** Every combination of levels in declared factor order, the last factor varying fastest (as jmh), minus exclusions. */
public record FullFactorial() implements CellDesign {
    @Override
    public String type() {
        return DesignColumn.FULL_FACTORIAL;
    }

    @Override
    public Expansion expand(Design d) throws StudyFileException {
        List<Design.Factor> factors = d.factors();
        ExclusionIndex excludes = new ExclusionIndex(factors, d.excludes());
        checkWork(d, excludes);
        List<Combination> combos = new ArrayList<>();
        int[] index = new int[factors.size()];
        String[] chosen = new String[factors.size()];
        while (true) {
            for (int i = 0; i < factors.size(); i++) {
                chosen[i] = factors.get(i).levels().get(index[i]);
            }
            if (!excludes.excludes(chosen)) {
                Map<String, String> levels = new LinkedHashMap<>();
                for (int i = 0; i < factors.size(); i++) {
                    levels.put(factors.get(i).name(), chosen[i]);
                }
                combos.add(new Combination(levels, ""));
            }
            int i = factors.size() - 1;
            while (i >= 0 && ++index[i] == factors.get(i).levels().size()) {
                index[i] = 0;
                i--;
            }
            if (i < 0) {
                break;
            }
        }
        if (combos.isEmpty()) {
            throw new StudyFileException(d.source(), d.excludes().isEmpty() ? 0 : d.excludes().get(0).line(),
                    "exclude", "every cell is excluded", "exclusions that leave at least one cell");
        }
        return new Expansion(combos, this);
    }

    /**
     * Refuses exclusions whose lookups would take minutes: each different set of factors they name is a
     * lookup for every combination. Called after the combinations are counted (at most
     * {@link CellExpander#MAX_CELLS}), so only the number of sets can make it large.
     */
    private static void checkWork(Design d, ExclusionIndex excludes) throws StudyFileException {
        double combinations = 1;
        for (Design.Factor f : d.factors()) {
            combinations *= f.levels().size();
        }
        double lookups = combinations * excludes.sets();
        if (lookups > ExclusionIndex.MAX_LOOKUPS) {
            throw new StudyFileException(d.source(), d.excludes().get(0).line(), "exclude", String.format(Locale.ROOT,
                    "%,d exclusions name %,d different sets of factors; checking them against %,.0f combinations"
                            + " takes %,.0f lookups, over the limit of %,d", d.excludes().size(), excludes.sets(),
                    combinations, lookups, ExclusionIndex.MAX_LOOKUPS),
                    "exclusions that name fewer different sets of factors (for example the same factors in each)");
        }
    }
}
