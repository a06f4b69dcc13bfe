package org.dbstudy.jmeter;

/**
 * What happened to a sample, as a study needs to know it. The name is the first word of a failed
 * sample's response message, so analysis can count errors by class.
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
    OTHER;

    /** The class as it is written into results: {@code serialization_failure}. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
