package org.dbstudy.jmeter.procedure;

import java.sql.SQLException;

/**
 * One JMeter thread's instance of a procedure (it may keep state between samples: its random source,
 * its terminal). Not thread-safe: it belongs to the thread whose sampler created it.
 */
public interface Procedure {

    /** Called once per sample before its first try: a mix draws its transaction here, not per try. */
    default void startSample() {
    }

    /**
     * Called once per sample after {@link #startSample()}: how long the thread waits before the
     * sample's clock starts (TPC-C's keying and think times); 0 for none. The wait is not part of the
     * sample's elapsed, and it ends early when the test's scheduled end comes first.
     */
    default long pauseMillis() {
        return 0;
    }

    /**
     * Runs one try. Inputs are drawn inside, so a retry runs with new inputs (OLTPBench's semantics).
     *
     * @throws IntendedRollbackException the transaction rolls back on purpose (New-Order's unused item)
     * @throws ProcedureFailedException  the procedure cannot do its job (e.g. foreign tables in the way)
     */
    void run(TryContext ctx) throws SQLException, IntendedRollbackException, ProcedureFailedException;
}
