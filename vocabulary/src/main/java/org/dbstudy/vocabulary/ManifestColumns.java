package org.dbstudy.vocabulary;

import java.util.List;

/**
 * The columns of {@code manifest.csv}, written by the generator and read by the runners and
 * analysis, always by name: one row per cell and replicate, {@code cell,replicate,plan}, then one
 * column per factor, then {@value #ARRIVAL}, which describes how the cell's load arrives, and, for a
 * design other than the full factorial, {@value #DESIGN}, the cell's place in it ({@link DesignColumn}), and,
 * when the cells fall into configuration blocks, {@value #BLOCK}.
 * A comparison of run directories adds the factor {@value #TARGET}.
 */
public final class ManifestColumns {
    public static final String FILE_NAME = "manifest.csv";
    public static final String CELL = "cell";
    public static final String REPLICATE = "replicate";
    public static final String PLAN = "plan";
    /** The factor that names the target (server, version, run) a cell ran against. */
    public static final String TARGET = FactorNames.TARGET;
    /** Factor columns of server settings start with this: {@code server.thread_handling}. */
    public static final String SERVER_FACTOR_PREFIX = FactorNames.SERVER_PREFIX;

    /** How the cell's threads start and pace their samples (ramp-up, timer), for the reader. */
    public static final String ARRIVAL = "arrival";
    /** The cell's place in a one-factor-at-a-time or fractional design; absent for a full factorial. */
    public static final String DESIGN = "design";

    /**
     * The cell's configuration block (its target among several, the server settings that need a
     * restart: {@code mariadb thread_handling=pool-of-threads}); absent when a study has one block. Rows
     * of one block in a row ran without a restart; the analysis says which blocks ran only once.
     */
    public static final String BLOCK = "block";

    /**
     * The blocks whose stretch of rows (first to last, in run order) overlaps no other block's: they ran
     * apart in time (A A B B, or A B with one replicate); A B B A interleaves both. Empty with one block.
     */
    public static List<String> blocksApart(List<String> blocksInRunOrder) {
        java.util.Map<String, int[]> spans = new java.util.LinkedHashMap<>();
        for (int i = 0; i < blocksInRunOrder.size(); i++) {
            int at = i;
            spans.computeIfAbsent(blocksInRunOrder.get(i), k -> new int[] {at, at})[1] = i;
        }
        List<String> apart = new java.util.ArrayList<>();
        spans.forEach((key, span) -> {
            boolean overlaps = spans.entrySet().stream().anyMatch(o -> !o.getKey().equals(key)
                    && o.getValue()[0] <= span[1] && span[0] <= o.getValue()[1]);
            if (!overlaps && spans.size() > 1) {
                apart.add(key);
            }
        });
        return apart;
    }

    /**
     * The key prefix, in {@code study.properties} beside the manifest, of each factor's levels in the study
     * file's order ({@code study.levels.users=4,16}, one CSV record): the manifest lists cells in run order,
     * which {@code order: random} shuffles, and a level's "first" must not depend on that shuffle.
     */
    public static final String DECLARED_LEVELS_KEY = "study.levels.";

    /**
     * The key, in {@code study.properties}, of the connections each user of a cell holds at most: one per
     * sampler it runs (a custom workload's mix of 2 transactions: 2), so that a cell's own connections are not
     * taken for other clients of the server. Absent: 1.
     */
    public static final String CONNECTIONS_PER_USER_KEY = "study.connections_per_user";

    /** The columns before the factors, in order. */
    public static final List<String> FIXED = List.of(CELL, REPLICATE, PLAN);
    /** Columns that describe a cell but are not factors. */
    public static final List<String> DESCRIPTIVE = List.of(ARRIVAL, DESIGN, BLOCK);

    private ManifestColumns() {
    }

    /** The factor columns of a header: everything but {@link #FIXED} and {@link #DESCRIPTIVE}. */
    public static List<String> factors(List<String> header) {
        return header.stream().filter(c -> !FIXED.contains(c) && !DESCRIPTIVE.contains(c)).toList();
    }

    /** The plan's base name, which is also its result file's: {@code plans/read-users5.jmx} → {@code read-users5}. */
    public static String planBase(String plan) {
        String name = plan.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1);
        return name.endsWith(".jmx") ? name.substring(0, name.length() - 4) : name;
    }
}
