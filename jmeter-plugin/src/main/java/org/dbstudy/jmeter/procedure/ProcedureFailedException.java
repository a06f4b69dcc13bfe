package org.dbstudy.jmeter.procedure;

/**
 * A procedure cannot do its job for a reason that is not a database error (tables of another tool in
 * the way, a loaded schema of the wrong size). With {@code stopTest} the cell stops: going on would
 * measure something else.
 */
public final class ProcedureFailedException extends Exception {
    private static final long serialVersionUID = 1L;

    private final boolean stopTest;

    public ProcedureFailedException(String message, boolean stopTest) {
        super(message);
        this.stopTest = stopTest;
    }

    public boolean stopTest() { return stopTest; }
}
