package org.dbstudy.monitor;

import static org.dbstudy.vocabulary.files.MonitorColumns.DATABASE;
import static org.dbstudy.vocabulary.files.MonitorColumns.DEADLOCKS;
import static org.dbstudy.vocabulary.files.MonitorColumns.LOCK_WAITS;
import static org.dbstudy.vocabulary.files.MonitorColumns.SESSIONS_PREFIX;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * PostgreSQL's counters for the monitored database, on the monitor's own connection: from
 * {@code pg_stat_database} commits, rollbacks, deadlocks, conflicts, blocks hit and read, temp bytes
 * (increase per interval; PostgreSQL publishes them up to a second late, and the monitor's own one
 * transaction per interval is among the commits); from {@code pg_stat_activity} client sessions by
 * state and by wait event type; from {@code pg_locks} the locks waited for. The queries run in one
 * read-only transaction; the last one lists the server's process ids for the process probe.
 */
final class PostgresCounters implements Probe {
    private static final String SOURCE = DATABASE;
    private static final String[][] DATABASE_COUNTERS = {
            {"xact_commit", "commits", "count"}, {"xact_rollback", "rollbacks", "count"},
            {"deadlocks", DEADLOCKS, "count"}, {"conflicts", "conflicts", "count"},
            {"blks_hit", "blocks_hit", "count"}, {"blks_read", "blocks_read", "count"},
            {"temp_bytes", "temp_bytes", "bytes"}};
    private static final List<String> STATES = List.of("active", "idle", "idle in transaction",
            "idle in transaction (aborted)");
    private static final List<String> WAIT_TYPES = List.of("Lock", "LWLock", "IO", "IPC", "Client", "BufferPin",
            "Activity", "Extension", "Timeout");

    private final Connection connection;
    private final Deltas deltas = new Deltas();
    private volatile List<Integer> serverPids = List.of();

    PostgresCounters(Connection connection) throws SQLException {
        this.connection = connection;
        connection.setAutoCommit(false);
        connection.setReadOnly(true);
        sample(0);
    }

    @Override
    public List<Reading> sample(long now) throws SQLException {
        List<Reading> out = new ArrayList<>();
        try (Statement s = connection.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT xact_commit, xact_rollback, deadlocks, conflicts, blks_hit,"
                    + " blks_read, temp_bytes FROM pg_stat_database WHERE datname = current_database()")) {
                rs.next();
                for (String[] c : DATABASE_COUNTERS) {
                    out.add(new Reading(now, SOURCE, c[1], deltas.next(c[1], rs.getLong(c[0])), c[2]));
                }
            }
            long[] byState = new long[STATES.size() + 1];
            long[] byWait = new long[WAIT_TYPES.size() + 1];
            try (ResultSet rs = s.executeQuery("SELECT state, wait_event_type, count(*) FROM pg_stat_activity"
                    + " WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() GROUP BY 1, 2")) {
                while (rs.next()) {
                    long n = rs.getLong(3);
                    byState[index(STATES, rs.getString(1))] += n;
                    String wait = rs.getString(2);
                    if (wait != null) {
                        byWait[index(WAIT_TYPES, wait)] += n;
                    }
                }
            }
            for (int i = 0; i <= STATES.size(); i++) {
                String state = i < STATES.size() ? STATES.get(i) : "other";
                out.add(new Reading(now, SOURCE, SESSIONS_PREFIX + name(state), byState[i], "count"));
            }
            for (int i = 0; i <= WAIT_TYPES.size(); i++) {
                String type = i < WAIT_TYPES.size() ? WAIT_TYPES.get(i) : "other";
                out.add(new Reading(now, SOURCE, "waiting_" + name(type), byWait[i], "count"));
            }
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_locks WHERE NOT granted")) {
                rs.next();
                out.add(new Reading(now, SOURCE, LOCK_WAITS, rs.getLong(1), "count"));
            }
            List<Integer> pids = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT pid FROM pg_stat_activity")) {
                while (rs.next()) {
                    pids.add(rs.getInt(1));
                }
            }
            serverPids = List.copyOf(pids);
        } finally {
            connection.commit();
        }
        return out;
    }

    /**
     * The server's processes PostgreSQL itself lists (backends and background workers) at the last
     * sample: the process probe reads them every second without searching all processes.
     */
    List<Integer> serverPids() {
        return serverPids;
    }

    private static int index(List<String> known, String value) {
        int i = value == null ? -1 : known.indexOf(value);
        return i < 0 ? known.size() : i;
    }

    /** "idle in transaction (aborted)" → idle_in_transaction_aborted, "LWLock" → lwlock. */
    private static String name(String label) {
        return label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_|_$", "");
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
