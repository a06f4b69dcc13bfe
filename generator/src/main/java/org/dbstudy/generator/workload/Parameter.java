package org.dbstudy.generator.workload;

import java.util.List;

/** A template parameter: its name, default, what it may be and what it does (for docs and errors). */
public record Parameter(String name, String defaultValue, LevelRule rule, String description) {
    /**
     * Whether each statement of a transaction is also written as a sub-result ({@code Label-statement}):
     * off by default, since it multiplies the JTL's rows (TPC-B: 7 instead of 1 per transaction) and the
     * client's work per transaction, and the analysis leaves sub-results out of cell statistics.
     */
    public static final Parameter SUB_RESULTS = new Parameter("sub_results", "false",
            LevelRule.oneOf(List.of("false", "true")),
            "true records each statement of a transaction as a sub-result (Label-statement)");

    /**
     * Whether the setUp may empty and reload a table of the workload's name that dbstudy did not create:
     * off by default, so that a user's table is refused before anything is written
     * ({@link org.dbstudy.jmeter.dialect.TableOwnership}).
     */
    public static final Parameter REUSE = new Parameter("reuse", "false", LevelRule.oneOf(List.of("false", "true")),
            "true lets the setUp empty (crud) or drop (school, tpcb) and reload its tables when dbstudy did not create them (refused otherwise)");

    /** The tables a setUp may empty or drop, for the sampler's check: none when the study says {@code reuse: true}. */
    static String ownedTables(CellValues cell, List<String> tables) {
        return Boolean.parseBoolean(cell.parameter(REUSE.name())) ? "" : String.join("\n", tables);
    }
}
