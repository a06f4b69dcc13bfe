package org.dbstudy.generator.design;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A full factorial's exclusions indexed by the factors they name: a combination is excluded when, for
 * one of those sets of factors, its levels of them are the levels an exclusion names. A hash lookup per
 * set and combination, where comparing each combination with each exclusion took 40,000 exclusions
 * times 100,000 combinations (over ten minutes for {@code check}). A factor with one level matches every
 * combination, so it is left out of the set an exclusion is filed under.
 */
final class ExclusionIndex {
    /** The most lookups (sets of factors times combinations) an expansion may take: a few seconds. */
    static final long MAX_LOOKUPS = 20_000_000;

    /** Per set of factor positions (ascending), the level lists an exclusion names for them. */
    private final Map<List<Integer>, Set<List<String>>> byFactors = new HashMap<>();

    ExclusionIndex(List<Design.Factor> factors, List<Design.Exclusion> excludes) {
        Map<String, Integer> position = new HashMap<>();
        for (int i = 0; i < factors.size(); i++) {
            position.put(factors.get(i).name(), i);
        }
        for (Design.Exclusion x : excludes) {
            List<Integer> positions = filedUnder(x, factors, position);
            if (positions == null) {
                continue;
            }
            List<String> levels = new ArrayList<>();
            for (int i : positions) {
                levels.add(x.levels().get(factors.get(i).name()));
            }
            byFactors.computeIfAbsent(positions, k -> new HashSet<>()).add(List.copyOf(levels));
        }
    }

    /**
     * The positions of the factors an exclusion is filed under (ascending, one-level factors left out), or
     * null when it matches no combination: it names a factor the design lacks, or a one-level factor at
     * another level.
     */
    private static List<Integer> filedUnder(Design.Exclusion x, List<Design.Factor> factors, Map<String, Integer> position) {
        List<Integer> positions = new ArrayList<>();
        for (Map.Entry<String, String> named : x.levels().entrySet()) {
            Integer i = position.get(named.getKey());
            if (i == null) {
                return null;
            }
            List<String> levels = factors.get(i).levels();
            if (levels.size() > 1) {
                positions.add(i);
            } else if (!levels.get(0).equals(named.getValue())) {
                return null;
            }
        }
        positions.sort(null);
        return List.copyOf(positions);
    }

    /** How many different sets of factors the exclusions name: the lookups per combination. */
    int sets() {
        return byFactors.size();
    }

    /** Whether the combination with these levels (one per factor, in factor order) is excluded. */
    boolean excludes(String[] levels) {
        for (Map.Entry<List<Integer>, Set<List<String>>> set : byFactors.entrySet()) {
            List<Integer> positions = set.getKey();
            String[] projected = new String[positions.size()];
            for (int i = 0; i < projected.length; i++) {
                projected[i] = levels[positions.get(i)];
            }
            if (set.getValue().contains(List.of(projected))) {
                return true;
            }
        }
        return false;
    }
}
