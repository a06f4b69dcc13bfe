package org.dbstudy.jmeter.dialect;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.dbstudy.jmeter.Outcome;

/**
 * MySQL (and the MySQL family's common ground, which MariaDB extends): {@code GET_LOCK},
 * {@code innodb_lock_wait_timeout}, vendor error codes. {@code GET_LOCK} answers 1 (taken), 0 (timed
 * out) or NULL (error): a timeout is a value, not an exception, so it is checked here.
 */
public class MySqlDialect implements Dialect {

    @Override
    public String name() { return "MYSQL"; }

    /**
     * MySQL 8 names it {@code transaction_isolation} (it dropped {@code tx_isolation}); MariaDB before
     * 11.1 has only {@code tx_isolation}. Connector/J may talk to either, so try both.
     */
    @Override
    public String readIsolation(Connection c) throws SQLException {
        try {
            return Dialect.queryOne(c, "SELECT @@transaction_isolation");
        } catch (SQLException unknownVariable) {
            return Dialect.queryOne(c, "SELECT @@tx_isolation");
        }
    }

    @Override
    public String sessionSettingSql(String name, String value) {
        return "SET SESSION " + name + " = " + SqlLiterals.numberOrQuoted(value);
    }

    /** MySQL bounds SELECTs only, with {@code max_execution_time} in milliseconds. */
    @Override
    public String statementTimeoutSql(long millis) {
        return "SET SESSION max_execution_time = " + millis;
    }

    /** {@code innodb_lock_wait_timeout} counts whole seconds, at least 1. */
    @Override
    public String lockWaitTimeoutSql(long millis) {
        return "SET SESSION innodb_lock_wait_timeout = " + Math.max(1, (millis + 999) / 1000);
    }

    @Override
    public NamedLockSql namedLock() { return GET_LOCK; }

    @Override
    public Outcome classify(SQLException e) {
        int code = e.getErrorCode();
        return switch (code) {
            case 1040, 1203, 1226 -> Outcome.TOO_MANY_CONNECTIONS;
            case 1213 -> Outcome.DEADLOCK;
            case 1205 -> Outcome.LOCK_TIMEOUT;
            case 3572 -> Outcome.LOCK_NOT_AVAILABLE;
            case 3024, 1969 -> Outcome.STATEMENT_TIMEOUT;
            case 1020 -> Outcome.SERIALIZATION_FAILURE;
            case 2006, 2013, 1927, 1053 -> Outcome.CONNECTION_LOST;
            case 1062, 1451, 1452, 1048 -> Outcome.CONSTRAINT_VIOLATION;
            case 1064, 1146, 1054 -> Outcome.SYNTAX_ERROR;
            default -> SqlStates.byClass(e.getSQLState() == null ? "" : e.getSQLState(), e);
        };
    }

    private static final NamedLockSql GET_LOCK = new NamedLockSql() {
        @Override
        public Acquired acquire(Connection c, String name, double timeoutSeconds, boolean forTransaction)
                throws SQLException {
            try (PreparedStatement ps = c.prepareStatement("SELECT GET_LOCK(?, ?)")) {
                ps.setString(1, name);
                ps.setDouble(2, timeoutSeconds);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    int answer = rs.getInt(1);
                    if (rs.wasNull()) {
                        return Acquired.ERROR;
                    }
                    return answer == 1 ? Acquired.ACQUIRED : Acquired.TIMED_OUT;
                }
            }
        }

        @Override
        public boolean release(Connection c, String name, boolean forTransaction) throws SQLException {
            try (PreparedStatement ps = c.prepareStatement("SELECT RELEASE_LOCK(?)")) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() && rs.getInt(1) == 1;
                }
            }
        }

        /** GET_LOCK is a session lock: COMMIT and ROLLBACK do not release it. */
        @Override
        public boolean releasesAtTransactionEnd() { return false; }
    };
}
