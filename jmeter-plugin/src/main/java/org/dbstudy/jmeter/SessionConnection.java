package org.dbstudy.jmeter;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.jmeter.protocol.jdbc.config.DataSourceElement;
import org.apache.jmeter.util.JMeterUtils;
import org.dbstudy.jmeter.dialect.Dialect;
import org.dbstudy.jmeter.dialect.Dialects;
import org.dbstudy.vocabulary.IsolationLevel;

/**
 * One JMeter thread's connection and what has been applied to it (session settings, timeouts,
 * isolation), so each is set once per connection, not once per sample. Not thread-safe: it belongs
 * to one thread.
 */
final class SessionConnection implements AutoCloseable {
    private static final int STATEMENT_CACHE_SIZE = 64;

    private final Connection connection;
    private final Dialect dialect;
    private final String source;
    private final IsolationLevel serverDefault;
    private IsolationLevel appliedIsolation;
    private String appliedSessionKey;
    private SamplerSettings appliedFrom;
    private final Map<String, PreparedStatement> statements = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, PreparedStatement> eldest) {
            if (size() > STATEMENT_CACHE_SIZE) {
                closeQuietly(eldest.getValue());
                return true;
            }
            return false;
        }
    };

    private SessionConnection(Connection connection, Dialect dialect, String source) throws SQLException {
        this.connection = connection;
        this.dialect = dialect;
        this.source = source;
        this.serverDefault = IsolationLevel.fromServer(dialect.readIsolation(connection));
        this.appliedIsolation = serverDefault;
    }

    /** Opens a connection from the sampler's own settings or borrows one from a JMeter pool. */
    static SessionConnection open(SamplerSettings settings) throws SQLException {
        Connection c;
        String source;
        if (!settings.dataSource().isEmpty()) {
            c = DataSourceElement.getConnection(settings.dataSource());
            source = "pool " + settings.dataSource();
        } else {
            Properties props = new Properties();
            if (!settings.user().isEmpty()) {
                props.setProperty("user", settings.user());
            }
            props.setProperty("password", settings.password());
            BlockingSocketFactory.chooseFor(settings.url(), props,
                    JMeterUtils.getPropDefault(BlockingSocketFactory.PROPERTY, true));
            c = DriverManager.getConnection(settings.url(), props);
            source = settings.url();
        }
        try {
            Dialect dialect = settings.chosenDialect() != null ? settings.chosenDialect() : Dialects.detect(c);
            c.setAutoCommit(true);
            return new SessionConnection(c, dialect, source);
        } catch (SQLException | RuntimeException e) {
            closeQuietly(c);
            throw e;
        }
    }

    Connection jdbc() { return connection; }

    Dialect dialect() { return dialect; }

    String source() { return source; }

    /** Applies session settings and timeouts when they differ from what this connection has. */
    void applySession(SamplerSettings settings) throws SQLException, ExperimentNotAppliedException {
        if (settings == appliedFrom || (appliedFrom != null
                && settings.sessionSettings() == appliedFrom.sessionSettings()
                && settings.statementTimeoutMillis() == appliedFrom.statementTimeoutMillis()
                && settings.lockWaitTimeoutMillis() == appliedFrom.lockWaitTimeoutMillis())) {
            // The common cases: the same parsed settings as the last sample, or the same with other
            // parameters (they share the settings map): nothing to compare as text.
            appliedFrom = settings;
            return;
        }
        String key = settings.sessionKey();
        if (key.equals(appliedSessionKey)) {
            appliedFrom = settings;
            return;
        }
        try (Statement s = connection.createStatement()) {
            if (settings.statementTimeoutMillis() >= 0) {
                run(s, dialect.statementTimeoutSql(settings.statementTimeoutMillis()), "statementTimeoutMs");
            }
            if (settings.lockWaitTimeoutMillis() >= 0) {
                run(s, dialect.lockWaitTimeoutSql(settings.lockWaitTimeoutMillis()), "lockWaitTimeoutMs");
            }
            for (Map.Entry<String, String> e : settings.sessionSettings().entrySet()) {
                run(s, dialect.sessionSettingSql(e.getKey(), e.getValue()), "sessionSettings " + e.getKey());
            }
        }
        appliedSessionKey = key;
        appliedFrom = settings;
    }

    /**
     * Sets the isolation level and reads back what the server reports; a level the server did not
     * take fails the experiment instead of measuring another level.
     */
    void applyIsolation(IsolationLevel wanted) throws SQLException, ExperimentNotAppliedException {
        IsolationLevel target = wanted == IsolationLevel.DEFAULT ? serverDefault : wanted;
        if (target == null || target == appliedIsolation) {
            return;
        }
        connection.setTransactionIsolation(target.jdbcLevel());
        String reported = dialect.readIsolation(connection);
        if (IsolationLevel.fromServer(reported) != target) {
            appliedIsolation = null;
            throw new ExperimentNotAppliedException("isolation level " + target + " was asked for, but "
                    + dialect.kind().displayName() + " reports '" + reported + "'");
        }
        appliedIsolation = target;
    }

    /** Switches auto-commit only when it changes: some drivers send a statement for each switch. */
    void autoCommit(boolean on) throws SQLException {
        if (connection.getAutoCommit() != on) {
            connection.setAutoCommit(on);
        }
    }

    /** A prepared statement kept for this connection's life (bounded cache). */
    PreparedStatement prepare(String sql) throws SQLException {
        PreparedStatement ps = statements.get(sql);
        if (ps == null) {
            ps = connection.prepareStatement(sql);
            statements.put(sql, ps);
        }
        return ps;
    }

    private static void run(Statement s, String sql, String field) throws ExperimentNotAppliedException {
        try {
            s.execute(sql);
        } catch (SQLException e) {
            throw new ExperimentNotAppliedException(field + ": the server refused '" + sql + "': " + e.getMessage());
        }
    }

    @Override
    public void close() {
        for (PreparedStatement ps : statements.values()) {
            closeQuietly(ps);
        }
        statements.clear();
        closeQuietly(connection);
    }

    /** Closing a connection that is already broken may fail; there is nothing left to do then. */
    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // already gone: the connection is discarded either way
        }
    }
}
