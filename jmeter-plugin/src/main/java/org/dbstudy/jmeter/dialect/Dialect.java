package org.dbstudy.jmeter.dialect;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * Everything the sampler does differently per database at run time (lock SQL, isolation read-back,
 * session settings, timeouts, how a decimal is bound). One small class per database; errors are
 * classified once for all in {@link org.dbstudy.vocabulary.OutcomeClassifier}.
 */
public interface Dialect {

    /** The database this dialect speaks to; its name is what users pick in the sampler. */
    DatabaseKind kind();

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

    /**
     * The form that inserts {@code rows} rows in one statement, given an INSERT with one VALUES row.
     * Standard multi-row VALUES is understood by all three databases.
     */
    default String batchInsert(String insertWithOneRow, int rows) {
        return BatchInsert.multiRowValues(insertWithOneRow, rows);
    }

    /**
     * What a procedure binds for a decimal argument: the BigDecimal itself unless the driver has a cheaper
     * form of the same value. Called per bound decimal: no allocation beyond what that form needs.
     */
    default Object decimal(BigDecimal value) throws SQLException {
        return value;
    }

    /**
     * Whether the driver sends several statements of one prepared statement ({@code a; b; c}) in one
     * round trip and hands back each one's result in turn: pgjdbc does (Parse/Bind/Execute for each, one
     * Sync); MySQL and MariaDB Connector/J only with {@code allowMultiQueries} and without server-side
     * prepared statements, so they do not here.
     */
    default boolean pipelines() {
        return false;
    }

    /** A table or column name quoted so the database takes it as written (case kept, never a keyword). */
    String quoteIdentifier(String name);

    /**
     * Marks a table as created by dbstudy ({@link TableOwnership#MARK} as its comment), so that a later
     * setUp may empty or drop it; written right after the statement that creates it.
     */
    String markCreatedSql(String table);

    /** A table's comment, "" when it has none, null when there is no such table where an unqualified name finds it. */
    String tableComment(Connection c, String table) throws SQLException;

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
