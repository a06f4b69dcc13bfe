package org.dbstudy.analysis.judging;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What threatens the cells a verdict is drawn from, in the verdict's words: the report's validity threats
 * per cell (saturation, schedule lag, a busy host, a shared server; {@code summary.csv}'s validity column),
 * and configuration blocks that ran apart in time, not interleaved ({@code Blocks}). A verdict decided on
 * time batches within single runs of such blocks is decided by the machine's drift between the blocks as
 * much as by the configuration: it is marked so.
 */
final class Threats {
    static final Threats NONE = new Threats(Map.of(), Map.of(), List.of());

    private final Map<String, List<String>> byCell;
    private final Map<String, String> blockOf;
    private final Set<String> apart;

    /**
     * @param byCell  each threatened cell's threats, as the report words them
     * @param blockOf each cell's configuration block, when the manifest has blocks
     * @param apart   the blocks that ran apart from the others (not interleaved in time)
     */
    Threats(Map<String, List<String>> byCell, Map<String, String> blockOf, List<String> apart) {
        this.byCell = Map.copyOf(byCell);
        this.blockOf = Map.copyOf(blockOf);
        this.apart = Set.copyOf(apart);
    }

    /**
     * "; drawn from threatened cells: c1 (host CPU saturated …)" and, for cells in blocks not interleaved, that
     * the comparison is also one between stretches of time; empty when nothing threatens the cells.
     *
     * @param cells             the cells the verdict reads
     * @param decidedWithinRun whether the verdict was decided on time batches within single runs
     */
    String words(List<String> cells, boolean decidedWithinRun) {
        Set<String> distinct = new LinkedHashSet<>(cells);
        List<String> threatened = new ArrayList<>();
        Set<String> blocks = new LinkedHashSet<>();
        for (String cell : distinct) {
            List<String> t = byCell.getOrDefault(cell, List.of());
            if (!t.isEmpty()) {
                threatened.add(cell + " (" + String.join("; ", t) + ")");
            }
            String block = blockOf.get(cell);
            if (block != null && apart.contains(block)) {
                blocks.add(block);
            }
        }
        StringBuilder out = new StringBuilder();
        if (!threatened.isEmpty()) {
            int shown = Math.min(3, threatened.size());
            out.append("; drawn from threatened cells: ").append(String.join(", ", threatened.subList(0, shown)))
                    .append(threatened.size() > shown ? " and " + (threatened.size() - shown) + " more" : "");
        }
        if (!blocks.isEmpty()) {
            out.append("; configuration block(s) ").append(String.join(", ", blocks))
                    .append(" ran apart in time, not interleaved: the comparison is also one between stretches of the"
                            + " machine's time");
            if (decidedWithinRun) {
                out.append("; DECIDED ONLY ON TIME BATCHES WITHIN SINGLE RUNS OF BLOCKS NOT INTERLEAVED: the machine's"
                        + " drift between them can give the same verdict (replicates interleaved in time would test it)");
            }
        }
        return out.toString();
    }
}
