package org.dbstudy.jmeter;

import java.sql.SQLException;
import org.dbstudy.jmeter.procedure.IntendedRollbackException;
import org.dbstudy.jmeter.procedure.ProcedureFailedException;

/**
 * The work inside one try, between taking the named lock and the commit: the sampler's fixed list of
 * statements ({@link StatementList}), or a procedure written in Java that replaces it. It runs on
 * {@link TransactionRun#connection()}, sends its SQL through {@link TransactionRun#execute} (prepared
 * statements cached per connection, rows counted) and never commits or rolls back itself: the run does.
 */
public interface TransactionBody {
    /**
     * @throws IntendedRollbackException the transaction rolls back on purpose (a procedure's choice)
     * @throws ProcedureFailedException  a procedure cannot do its job for a reason that is not a database error
     */
    void run(TransactionRun run) throws SQLException, IntendedRollbackException, ProcedureFailedException;
}
