package org.dbstudy.generator.design;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The run order of a study whose cells fall into configuration blocks (a target, and the server
 * settings a restart must change): blocks interleave in time instead of each running once. The
 * replicates are rounds; each round runs every block once, in the order the design (or its seeded
 * shuffle) first reaches them, except that a round opens with the block the round before it closed
 * with, so A B | B A | A B: a comparison between blocks is not one between two stretches of a drifting
 * machine, and a study restarts (blocks − 1) times per round, not once per cell. Within a block, cells
 * with the same whole configuration (settings that reload) run together. One block, or one replicate,
 * leaves the order as it is: nothing can interleave.
 */
public final class ServerOrder {
    private ServerOrder() {
    }

    /**
     * @param blockKey the part of a cell's configuration that makes a block: its target and the settings
     *                 that need a restart
     * @param fullKey  the whole server configuration, with its target
     */
    public static List<Cell> group(List<Cell> cells, Function<Cell, Object> blockKey, Function<Cell, Object> fullKey) {
        Map<Integer, List<Cell>> rounds = new TreeMap<>();
        cells.forEach(c -> rounds.computeIfAbsent(c.replicate(), r -> new ArrayList<>()).add(c));
        if (cells.stream().map(blockKey).distinct().count() < 2) {
            return List.copyOf(cells);
        }
        List<Cell> out = new ArrayList<>(cells.size());
        Object last = null;
        for (List<Cell> round : rounds.values()) {
            Map<Object, Map<Object, List<Cell>>> blocks = new LinkedHashMap<>();
            if (last != null && round.stream().anyMatch(sameKey(blockKey, last))) {
                blocks.put(last, new LinkedHashMap<>());
            }
            for (Cell c : round) {
                blocks.computeIfAbsent(blockKey.apply(c), k -> new LinkedHashMap<>())
                        .computeIfAbsent(fullKey.apply(c), k -> new ArrayList<>()).add(c);
            }
            blocks.values().forEach(byFull -> byFull.values().forEach(out::addAll));
            last = blockKey.apply(out.get(out.size() - 1));
        }
        return List.copyOf(out);
    }

    private static java.util.function.Predicate<Cell> sameKey(Function<Cell, Object> key, Object value) {
        return c -> Objects.equals(key.apply(c), value);
    }

    /** The blocks of cells in run order: each a run of consecutive cells with the same key. */
    public static List<List<Cell>> blocks(List<Cell> cells, Function<Cell, Object> blockKey) {
        List<List<Cell>> blocks = new ArrayList<>();
        Object previous = null;
        for (Cell c : cells) {
            Object key = blockKey.apply(c);
            if (blocks.isEmpty() || !Objects.equals(key, previous)) {
                blocks.add(new ArrayList<>());
            }
            blocks.get(blocks.size() - 1).add(c);
            previous = key;
        }
        return blocks;
    }
}
