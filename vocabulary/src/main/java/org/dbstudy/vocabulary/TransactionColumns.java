package org.dbstudy.vocabulary;

import java.util.List;

/**
 * The columns the analysis writes about transactions: in {@code summary.csv}, tries per sample, tries
 * that ended without a commit by class ({@code rollbacks_<outcome>}), consistency violations after the
 * cell and the state its data started from; and {@code cell-labels.csv}, one row per cell and label
 * (transaction type or query). Written from {@link ResponseMessages}' facts; read back by name.
 */
public final class TransactionColumns {
    public static final String TRIES_MEAN = "tries_mean";
    public static final String TRIES_MAX = "tries_max";
    /** {@code rollbacks_serialization_failure}, {@code rollbacks_intended_rollback}, … */
    public static final String ROLLBACKS_PREFIX = "rollbacks_";
    /** Consistency conditions violated after the cell, summed over its runs; empty when not checked. */
    public static final String CONSISTENCY_VIOLATIONS = "consistency_violations";
    /** {@link ResponseMessages.DataStart#label()} of each run, distinct ones joined by {@code |}. */
    public static final String DATA_START = "data_start";

    public static final String CELL_LABELS_FILE = "cell-labels.csv";
    public static final String LABEL = "label";
    /** cell-labels.csv after {@code cell}, the factors and {@link #LABEL}. */
    public static final List<String> CELL_LABEL_STATS = List.of("samples", "errors", "requests_per_s", "mean_ms", "p99_ms",
            "successes", "success_per_s", "success_mean_ms", "success_p99_ms", TRIES_MEAN, TRIES_MAX);

    private TransactionColumns() {
    }

    public static String rollbacks(Outcome o) {
        return ROLLBACKS_PREFIX + o.label();
    }
}
