package org.dbstudy.generator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The run order of a study that varies server settings: cells with the same server configuration
 * run together, and configurations that need the same restart (the settings a restart must change,
 * per target) run next to each other, so a study restarts a server once per distinct restart-needing
 * configuration rather than once per cell. Stable: groups keep the order in which the design (or a
 * seeded shuffle) first reaches them, and cells within a group keep theirs.
 */
final class ServerOrder {
    private ServerOrder() {
    }

    /**
     * @param restartKey the part of a cell's server configuration that needs a restart, with its target
     * @param fullKey    the whole server configuration, with its target
     */
    static List<Cell> group(List<Cell> cells, Function<Cell, Object> restartKey, Function<Cell, Object> fullKey) {
        Map<Object, Map<Object, List<Cell>>> groups = new LinkedHashMap<>();
        for (Cell c : cells) {
            groups.computeIfAbsent(restartKey.apply(c), k -> new LinkedHashMap<>())
                    .computeIfAbsent(fullKey.apply(c), k -> new ArrayList<>()).add(c);
        }
        List<Cell> out = new ArrayList<>(cells.size());
        groups.values().forEach(byFull -> byFull.values().forEach(out::addAll));
        return List.copyOf(out);
    }
}
