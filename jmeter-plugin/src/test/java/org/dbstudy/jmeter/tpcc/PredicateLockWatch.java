package org.dbstudy.jmeter.tpcc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicLong;
import org.dbstudy.databases.DatabaseEndpoint;

/**
 * The most predicate locks (PostgreSQL's SIReadLock rows in pg_locks, server-wide) seen while it is open,
 * polled every 50 ms on a connection of its own: a record of how full SERIALIZABLE runs keep the
 * predicate lock table, not a synchronisation between sessions.
 */
final class PredicateLockWatch implements AutoCloseable {
    private final AtomicLong most = new AtomicLong();
    private final Connection connection;
    private final Thread poller;
    private volatile boolean open = true;

    PredicateLockWatch(DatabaseEndpoint db) throws SQLException {
        connection = db.connect();
        poller = new Thread(this::poll, "predicate-lock-watch");
        poller.setDaemon(true);
        poller.start();
    }

    private void poll() {
        try (Statement s = connection.createStatement()) {
            while (open) {
                try (ResultSet r = s.executeQuery("SELECT count(*) FROM pg_locks WHERE mode = 'SIReadLock'")) {
                    r.next();
                    long held = r.getLong(1);
                    most.accumulateAndGet(held, Math::max);
                }
                Thread.sleep(50);
            }
        } catch (SQLException e) {
            if (open) {
                System.err.println("[tpcc test] predicate lock watch stopped: " + e.getMessage());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The most predicate locks held at once so far. */
    long most() {
        return most.get();
    }

    @Override
    public void close() throws SQLException {
        open = false;
        try {
            poller.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        connection.close();
    }
}
