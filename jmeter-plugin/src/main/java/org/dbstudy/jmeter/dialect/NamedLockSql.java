package org.dbstudy.jmeter.dialect;

import java.sql.Connection;
import java.sql.SQLException;

/** How a database takes and gives back a named (advisory) lock that outlives single statements. */
public interface NamedLockSql {

    /** What became of an attempt to take the lock. */
    enum Acquired { ACQUIRED, TIMED_OUT, ERROR }

    /**
     * Waits up to {@code timeoutSeconds} for the lock. {@code forTransaction} asks for a lock that the
     * database itself releases at commit or rollback, where the database has one.
     */
    Acquired acquire(Connection c, String name, double timeoutSeconds, boolean forTransaction) throws SQLException;

    /** Gives the lock back; false when this session did not hold it. */
    boolean release(Connection c, String name, boolean forTransaction) throws SQLException;

    /** True when the database releases a transaction-scoped lock itself at commit or rollback. */
    boolean releasesAtTransactionEnd();
}
