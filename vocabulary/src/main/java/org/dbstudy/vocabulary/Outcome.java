package org.dbstudy.vocabulary;

import java.util.Locale;

/**
 * What happened to a sample, as a study needs to know it. A failed sample's response message starts
 * with its class and {@code ": "} (e.g. {@code deadlock: …}), so analysis counts errors by class
 * whichever sampler wrote the file; the class names are also column names in reports.
 */
public enum Outcome {
    SUCCESS,
    /** Rolled back on purpose, as the transaction's definition asks (TPC-C New-Order's 1 %): successful, not an error. */
    INTENDED_ROLLBACK,
    TOO_MANY_CONNECTIONS,
    SERIALIZATION_FAILURE,
    DEADLOCK,
    LOCK_TIMEOUT,
    LOCK_NOT_AVAILABLE,
    STATEMENT_TIMEOUT,
    CONNECTION_LOST,
    CONSTRAINT_VIOLATION,
    SYNTAX_ERROR,
    /** The server did not apply what the experiment asked for (isolation, setting, lock): stop the cell. */
    NOT_APPLIED,
    /** The sample's configuration cannot work (a field has a wrong value): stop the cell. */
    CONFIGURATION_ERROR,
    OTHER,
    /**
     * The sample was still retrying when its cell's window (the thread group's scheduled end) closed:
     * its last try failed with a class it retries, and the end came before the next try. Not a failure
     * of the transaction and not in the error rate: the cell cut it short. The JTL marks it failed (it
     * did not commit); its message names the last try's class after this one's prefix.
     */
    RETRYING_AT_END;

    private static final Outcome[] VALUES = values();

    /** The class as it is written into results and column names: {@code serialization_failure}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a sample with this outcome makes the cell's numbers invalid, so the cell must stop. */
    public boolean stopsCell() {
        return this == NOT_APPLIED || this == CONFIGURATION_ERROR;
    }

    /**
     * Whether a sample with this outcome counts as an error (in error rates, {@code errors_<class>}
     * columns): every class but the successes and {@link #RETRYING_AT_END}, which is reported apart.
     */
    public boolean isError() {
        return this != SUCCESS && this != INTENDED_ROLLBACK && this != RETRYING_AT_END;
    }

    /** The prefix of a failed sample's response message: {@code deadlock: }. */
    public String messagePrefix() {
        return label() + ": ";
    }

    /** The outcome whose {@link #label()} is {@code text}, or null. */
    public static Outcome fromLabel(String text) {
        for (Outcome o : VALUES) {
            if (o.label().equals(text)) {
                return o;
            }
        }
        return null;
    }

    public static Outcome byOrdinal(int ordinal) {
        return VALUES[ordinal];
    }

    public static int count() {
        return VALUES.length;
    }
}
