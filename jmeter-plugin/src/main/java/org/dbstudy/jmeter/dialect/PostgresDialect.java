package org.dbstudy.jmeter.dialect;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * PostgreSQL: advisory locks keyed by {@code hashtextextended(name, 0)}, waiting bounded by
 * {@code lock_timeout} (advisory locks take no timeout argument).
 */
public final class PostgresDialect implements Dialect {

    @Override
    public DatabaseKind kind() { return DatabaseKind.POSTGRESQL; }

    @Override
    public boolean pipelines() { return true; }

    @Override
    public String readIsolation(Connection c) throws SQLException {
        return Dialect.queryOne(c, "SHOW transaction_isolation");
    }

    @Override
    public String sessionSettingSql(String name, String value) {
        return "SET " + name + " = " + SqlLiterals.quote(value);
    }

    @Override
    public String statementTimeoutSql(long millis) {
        return "SET statement_timeout = " + millis;
    }

    @Override
    public String lockWaitTimeoutSql(long millis) {
        return "SET lock_timeout = " + millis;
    }

    @Override
    public NamedLockSql namedLock() { return ADVISORY; }

    /** As numeric text, not pgjdbc's binary numeric ({@link PgNumeric}: why). */
    @Override
    public Object decimal(BigDecimal value) throws SQLException {
        return PgNumeric.of(value);
    }

    private static final NamedLockSql ADVISORY = new NamedLockSql() {
        @Override
        public Acquired acquire(Connection c, String name, double timeoutSeconds, boolean forTransaction)
                throws SQLException {
            String function = forTransaction ? "pg_advisory_xact_lock" : "pg_advisory_lock";
            // Advisory locks take no timeout: bound the wait with lock_timeout, then put it back.
            String before = Dialect.queryOne(c, "SHOW lock_timeout");
            setLockTimeout(c, Math.max(1, Math.round(timeoutSeconds * 1000)) + "ms");
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT " + function + "(hashtextextended(?, 0))")) {
                ps.setString(1, name);
                ps.executeQuery().close();
            } catch (SQLException e) {
                if (!"55P03".equals(e.getSQLState())) {
                    throw e;
                }
                // Inside a transaction the failed wait aborted it, and rollback undoes the SET.
                if (c.getAutoCommit()) {
                    setLockTimeout(c, before);
                }
                return Acquired.TIMED_OUT;
            }
            setLockTimeout(c, before);
            return Acquired.ACQUIRED;
        }

        @Override
        public boolean release(Connection c, String name, boolean forTransaction) throws SQLException {
            if (forTransaction) {
                return true;
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT pg_advisory_unlock(hashtextextended(?, 0))")) {
                ps.setString(1, name);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() && rs.getBoolean(1);
                }
            }
        }

        @Override
        public boolean releasesAtTransactionEnd() { return true; }

        private void setLockTimeout(Connection c, String value) throws SQLException {
            try (Statement s = c.createStatement()) {
                s.execute("SET lock_timeout = " + SqlLiterals.quote(value));
            }
        }
    };

    @Override
    public String quoteIdentifier(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    @Override
    public String markCreatedSql(String table) {
        return "COMMENT ON TABLE " + quoteIdentifier(table) + " IS " + SqlLiterals.quote(TableOwnership.MARK);
    }

    /** The table the search path finds, as an unqualified name in a statement would. */
    @Override
    public String tableComment(Connection c, String table) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT COALESCE(obj_description(c.oid, 'pg_class'), '') FROM pg_class c WHERE c.oid = to_regclass(?)")) {
            ps.setString(1, quoteIdentifier(table));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
