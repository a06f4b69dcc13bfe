package org.dbstudy.jmeter.dialect;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.dbstudy.jmeter.IsolationLevel;
import org.dbstudy.jmeter.Outcome;

/**
 * Everything the sampler does differently per database. One small class per database; no other
 * code asks which database it talks to.
 */
public interface Dialect {

    /** The name users pick in the sampler: POSTGRESQL, MYSQL or MARIADB. */
    String name();

    /** The session's isolation level in the server's words, e.g. {@code repeatable read}. */
    String readIsolation(Connection c) throws SQLException;

    /**
     * SQL that applies one session setting, e.g. {@code SET work_mem = '64MB'}. The name has been
     * checked to be a plain (dotted) identifier; the value is quoted here as the database needs.
     */
    String sessionSettingSql(String name, String value);

    /** Session settings that bound how long a statement may run (0 = no limit). */
    String statementTimeoutSql(long millis);

    /** Session setting that bounds how long a statement waits for a row lock. */
    String lockWaitTimeoutSql(long millis);

    /** Takes the named lock, waiting up to the timeout; see {@link NamedLockSql}. */
    NamedLockSql namedLock();

    /** Classifies an error the database or driver raised. */
    Outcome classify(SQLException e);

    /**
     * The form that inserts {@code rows} rows in one statement, given an INSERT with one VALUES row.
     * Standard multi-row VALUES is understood by all three databases.
     */
    default String batchInsert(String insertWithOneRow, int rows) {
        return BatchInsert.multiRowValues(insertWithOneRow, rows);
    }

    /** Runs a query that answers one value. */
    static String queryOne(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            if (!rs.next()) {
                throw new SQLException("no answer to " + sql);
            }
            return rs.getString(1);
        }
    }
}
