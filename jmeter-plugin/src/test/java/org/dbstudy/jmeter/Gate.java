package org.dbstudy.jmeter;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.dbstudy.databases.DatabaseEndpoint;

/**
 * A lock that sessions under test wait on, so that two transactions interleave by construction and
 * not by a sleep that a busy machine outlasts. The test holds the lock; each session runs
 * {@link #pass()} where it must wait (with priming off: a priming run would pass the gate in its
 * place); the test waits until the server shows that many sessions blocked by the gate
 * ({@link #awaitWaiters}), does what must happen in between, and {@link #open() opens} it.
 */
final class Gate implements AutoCloseable {
    /** Far beyond any load; reaching it means a session never got to the gate. */
    private static final long WAIT_LIMIT_MS = 60_000;

    private final Servers server;
    private final DatabaseEndpoint db;
    private final String table;
    private final Connection holder;
    private final long holderId;

    private Gate(Servers server, DatabaseEndpoint db, String table) throws SQLException {
        this.server = server;
        this.db = db;
        this.table = table;
        Samplers.sql(db, "DROP TABLE IF EXISTS " + table, "CREATE TABLE " + table + " (id int primary key)",
                "INSERT INTO " + table + " VALUES (1)");
        holder = db.connect();
        try {
            holder.setAutoCommit(false);
            try (Statement s = holder.createStatement()) {
                holderId = single(s, server.isPostgres() ? "SELECT pg_backend_pid()" : "SELECT CONNECTION_ID()");
                s.executeQuery(server.isPostgres() ? "SELECT id FROM " + table + " WHERE id = 1 FOR UPDATE"
                        : "SELECT GET_LOCK(" + lockName() + ", 60)").close();
            }
        } catch (SQLException e) {
            holder.close();
            throw e;
        }
    }

    /** A closed gate named {@code table}: a table of that name in the test's database, its row or name locked. */
    static Gate closed(Servers server, String table) throws SQLException {
        return new Gate(server, server.endpoint(), table);
    }

    /**
     * The statement a session runs to wait at the gate: on PostgreSQL a shared lock on the row, so all
     * waiters pass at once; on MariaDB a named lock taken and given back at once, so they pass one
     * right after the other (InnoDB's lock tables do not show a read-only transaction's wait reliably,
     * while a named lock's waiter is in the process list as "User lock").
     */
    String pass() {
        return server.isPostgres() ? "SELECT id FROM " + table + " WHERE id = 1 FOR SHARE"
                : "SELECT GET_LOCK(" + lockName() + ", 300), RELEASE_LOCK(" + lockName() + ")";
    }

    /** MariaDB's named locks are server-wide: the name holds the test's own database. */
    private String lockName() {
        return "CONCAT(DATABASE(), '/" + table + "')";
    }

    /**
     * Runs {@code sessions} samplers at once, one sample each, waits until every one of them waits at
     * the gate, opens it and returns their results. Each sampler primes 0 times: a priming run would
     * pass the gate in the real sample's place.
     */
    java.util.List<org.apache.jmeter.samplers.SampleResult> runThrough(int sessions,
            java.util.function.IntFunction<TransactionSampler> sampler) throws Exception {
        java.util.concurrent.CompletableFuture<java.util.List<org.apache.jmeter.samplers.SampleResult>> all =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                    try {
                        return Samplers.runConcurrently(sessions, 1, t -> {
                            TransactionSampler s = sampler.apply(t);
                            s.setPrime("0");
                            return s;
                        });
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
        awaitWaiters(sessions, all);
        open();
        return all.get();
    }

    /**
     * Returns once {@code sessions} sessions are blocked by the gate, as the server reports it; fails
     * when {@code work} (the sessions' work) ends first: then they never waited at the gate.
     */
    void awaitWaiters(int sessions, java.util.concurrent.Future<?> work) throws Exception {
        String sql = server.isPostgres()
                ? "SELECT count(*) FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid))"
                : "SELECT count(*) FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND ID <> ?"
                        + " AND STATE = 'User lock' AND INFO LIKE '%/" + table + "%'";
        long deadline = System.currentTimeMillis() + WAIT_LIMIT_MS;
        long seen = 0;
        try (Connection observer = db.connect(); PreparedStatement ps = observer.prepareStatement(sql)) {
            ps.setLong(1, holderId);
            while (System.currentTimeMillis() < deadline) {
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    seen = rs.getLong(1);
                }
                if (seen >= sessions) {
                    return;
                }
                if (work.isDone()) {
                    throw new AssertionError("the sessions ended without waiting at the gate on " + table + ": "
                            + work.get() + "; " + sessionsHere(observer));
                }
                Thread.sleep(20); // polling the server's state; correctness does not depend on this pause
            }
            throw new AssertionError(seen + " of " + sessions + " sessions reached the gate on " + table
                    + " within " + WAIT_LIMIT_MS / 1000 + " s; " + sessionsHere(observer));
        }
    }

    /** What the server says the sessions of this database are doing, for a failure message. */
    private String sessionsHere(Connection observer) throws SQLException {
        String sql = server.isPostgres()
                ? "SELECT pid, state, wait_event_type, wait_event, query FROM pg_stat_activity WHERE datname = current_database()"
                : "SELECT p.ID, p.STATE, t.trx_state, p.INFO FROM information_schema.PROCESSLIST p"
                        + " LEFT JOIN information_schema.INNODB_TRX t ON t.trx_mysql_thread_id = p.ID WHERE p.DB = DATABASE()";
        StringBuilder sb = new StringBuilder("sessions:");
        try (Statement s = observer.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                sb.append(" [");
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    sb.append(i > 1 ? " | " : "").append(rs.getString(i));
                }
                sb.append(']');
            }
        }
        return sb.toString();
    }

    /** Lets every waiter through. */
    void open() throws SQLException {
        release();
    }

    private void release() throws SQLException {
        if (!server.isPostgres()) {
            try (Statement s = holder.createStatement()) {
                s.executeQuery("SELECT RELEASE_LOCK(" + lockName() + ")").close();
            }
        }
        holder.rollback();
    }

    @Override
    public void close() throws SQLException {
        try {
            release();
            holder.close();
        } finally {
            Samplers.sql(db, "DROP TABLE IF EXISTS " + table);
        }
    }

    private static long single(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
