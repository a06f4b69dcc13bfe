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
     * Runs one try. Inputs are drawn inside, so a retry runs with new inputs (OLTPBench's semantics).
     *
     * @throws IntendedRollbackException the transaction rolls back on purpose (New-Order's unused item)
     * @throws ProcedureFailedException  the procedure cannot do its job (e.g. foreign tables in the way)
     */
    void run(TryContext ctx) throws SQLException, IntendedRollbackException, ProcedureFailedException;
}
