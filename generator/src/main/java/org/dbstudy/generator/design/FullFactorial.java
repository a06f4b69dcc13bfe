package org.dbstudy.generator.design;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
        List<Combination> combos = new ArrayList<>();
        int[] index = new int[factors.size()];
        while (true) {
            Map<String, String> levels = new LinkedHashMap<>();
            for (int i = 0; i < factors.size(); i++) {
                levels.put(factors.get(i).name(), factors.get(i).levels().get(index[i]));
            }
            if (!excluded(levels, d.excludes())) {
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

    private static boolean excluded(Map<String, String> levels, List<Design.Exclusion> excludes) {
        for (Design.Exclusion x : excludes) {
            if (x.levels().entrySet().stream().allMatch(e -> e.getValue().equals(levels.get(e.getKey())))) {
                return true;
            }
        }
        return false;
    }
}
