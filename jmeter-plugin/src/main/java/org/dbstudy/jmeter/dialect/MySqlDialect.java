package org.dbstudy.jmeter.dialect;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * MySQL (and the MySQL family's common ground, which MariaDB extends): {@code GET_LOCK},
 * {@code innodb_lock_wait_timeout}. {@code GET_LOCK} answers 1 (taken), 0 (timed
 * out) or NULL (error): a timeout is a value, not an exception, so it is checked here.
 */
public class MySqlDialect implements Dialect {

    @Override
    public DatabaseKind kind() { return DatabaseKind.MYSQL; }

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

    @Override
    public String quoteIdentifier(String name) {
        return '`' + name.replace("`", "``") + '`';
    }

    /** A comment is table metadata: changing it rebuilds nothing. */
    @Override
    public String markCreatedSql(String table) {
        return "ALTER TABLE " + quoteIdentifier(table) + " COMMENT = " + SqlLiterals.quote(TableOwnership.MARK);
    }

    @Override
    public String tableComment(Connection c, String table) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COALESCE(table_comment, '') FROM information_schema.tables"
                + " WHERE table_schema = DATABASE() AND table_name = ?")) {
            ps.setString(1, table);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
