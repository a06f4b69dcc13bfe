package org.dbstudy.analysis.judging;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One cell's value of a claim's metric beside its name and levels (in the study's factor order): what the
 * claim kinds judged outside {@link ClaimJudge} work on, so that their decisions can be simulated without runs.
 */
record CellEstimate(String name, List<String> levels, Estimate estimate) {

    /** Whether the cell has every level of {@code selection}. */
    boolean has(List<String> factors, Map<String, String> selection) {
        return selection.entrySet().stream().allMatch(e -> levels.get(factors.indexOf(e.getKey())).equals(e.getValue()));
    }

    /** The levels of {@code factor}. */
    String level(List<String> factors, String factor) {
        return levels.get(factors.indexOf(factor));
    }

    /**
     * Pairs (a side, b side) of cells with the same levels of every factor neither selection names: the
     * cells a ratio a / b is taken over.
     */
    static List<Estimate[]> pairs(List<CellEstimate> cells, List<String> factors, Map<String, String> a,
            Map<String, String> b) {
        Set<String> named = new HashSet<>(a.keySet());
        named.addAll(b.keySet());
        Map<List<String>, CellEstimate> bs = new LinkedHashMap<>();
        cells.stream().filter(c -> c.has(factors, b)).forEach(c -> bs.put(c.others(factors, named), c));
        List<Estimate[]> out = new ArrayList<>();
        for (CellEstimate c : cells) {
            CellEstimate other = c.has(factors, a) ? bs.get(c.others(factors, named)) : null;
            if (other != null && other != c) {
                out.add(new Estimate[] {c.estimate, other.estimate});
            }
        }
        return out;
    }

    /** The levels of the factors not in {@code named}: what the cells of a pair share. */
    List<String> others(List<String> factors, Set<String> named) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < factors.size(); i++) {
            if (!named.contains(factors.get(i))) {
                out.add(levels.get(i));
            }
        }
        return out;
    }
}
