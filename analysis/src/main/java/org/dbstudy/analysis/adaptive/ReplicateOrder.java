package org.dbstudy.analysis.adaptive;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.judging.Reproduction;
import org.dbstudy.vocabulary.Claim;

/**
 * The order of a round of new replicates: each open claim's cells taken alternately from the levels it compares
 * (a, b, a, b for a ratio; level 1, 2, 3, 1, 2, 3 for a trend), the claims' lists taken in turn, each cell once;
 * every other round reversed, so that drift over time falls on each side alike instead of on whichever runs last
 * (an ABBA order over rounds).
 */
public final class ReplicateOrder {
    private ReplicateOrder() {
    }

    /** The names of the cells to run once more, in run order, for round {@code round} (1-based). */
    public static List<String> of(List<Claim> open, List<String> factors, List<CellResult> cells, int round) {
        List<List<String>> perClaim = new ArrayList<>();
        for (Claim c : open) {
            perClaim.add(alternating(c, factors, cells));
        }
        Set<String> order = new LinkedHashSet<>(inTurn(perClaim));
        List<String> out = new ArrayList<>(order);
        if (round % 2 == 0) {
            Collections.reverse(out);
        }
        return out;
    }

    /** A claim's cells, grouped by their levels of the factors it compares, taken from the groups in turn. */
    private static List<String> alternating(Claim c, List<String> factors, List<CellResult> cells) {
        Set<String> compared = new HashSet<>(c.a().keySet());
        compared.addAll(c.b().keySet());
        if (!c.factor().isEmpty()) {
            compared.add(c.factor());
        }
        List<String> used = Reproduction.cellsOf(c, factors, cells);
        Map<List<String>, List<String>> groups = new LinkedHashMap<>();
        for (CellResult cell : cells) {
            if (!used.contains(cell.name())) {
                continue;
            }
            List<String> key = new ArrayList<>();
            for (int i = 0; i < factors.size(); i++) {
                if (compared.contains(factors.get(i))) {
                    key.add(cell.levels().get(i));
                }
            }
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(cell.name());
        }
        return inTurn(new ArrayList<>(groups.values()));
    }

    /** The first of each list, then the second of each, and so on. */
    static List<String> inTurn(List<List<String>> lists) {
        List<String> out = new ArrayList<>();
        int longest = lists.stream().mapToInt(List::size).max().orElse(0);
        for (int i = 0; i < longest; i++) {
            for (List<String> l : lists) {
                if (i < l.size()) {
                    out.add(l.get(i));
                }
            }
        }
        return out;
    }
}
