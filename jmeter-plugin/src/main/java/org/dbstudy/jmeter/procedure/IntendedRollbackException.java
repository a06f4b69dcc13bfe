package org.dbstudy.jmeter.procedure;

/** The transaction rolls back on purpose, as its definition asks: an outcome of its own, not an error. */
public final class IntendedRollbackException extends Exception {
    private static final long serialVersionUID = 1L;

    public IntendedRollbackException(String reason) {
        super(reason, null, false, false);
    }
}
