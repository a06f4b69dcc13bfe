package org.dbstudy.monitor;

import static org.dbstudy.vocabulary.files.MonitorColumns.DATABASE;
import static org.dbstudy.vocabulary.files.MonitorColumns.DEADLOCKS;
import static org.dbstudy.vocabulary.files.MonitorColumns.LOCK_WAITS;
import static org.dbstudy.vocabulary.files.MonitorColumns.REFUSED_MAX_CONNECTIONS;
import static org.dbstudy.vocabulary.files.MonitorColumns.ROW_LOCK_WAITS;
import static org.dbstudy.vocabulary.files.MonitorColumns.THREADS_CONNECTED;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * MySQL's and MariaDB's counters from {@code SHOW GLOBAL STATUS}, on the monitor's own connection:
 * threads connected and running and row locks waited for now (gauges); row lock waits, row lock time,
 * deadlocks, commits, rollbacks and connections refused for {@code max_connections} (increase per
 * interval). MariaDB counts deadlocks in {@code Innodb_deadlocks}; MySQL only in
 * {@code information_schema.INNODB_METRICS} ({@code lock_deadlocks}), read when the status has none.
 */
final class MySqlCounters implements Probe {
    private static final String SOURCE = DATABASE;
    /** Status variable, metric, unit, whether it is a counter. */
    private static final Object[][] STATUS = {
            {"Threads_connected", THREADS_CONNECTED, "count", false},
            {"Threads_running", "threads_running", "count", false},
            {"Innodb_row_lock_current_waits", LOCK_WAITS, "count", false},
            {"Innodb_row_lock_waits", ROW_LOCK_WAITS, "count", true},
            {"Innodb_row_lock_time", "row_lock_time_ms", "ms", true},
            {"Innodb_deadlocks", DEADLOCKS, "count", true},
            {"Com_commit", "commits", "count", true},
            {"Com_rollback", "rollbacks", "count", true},
            {"Connection_errors_max_connections", REFUSED_MAX_CONNECTIONS, "count", true}};

    private final Connection connection;
    private final Deltas deltas = new Deltas();

    MySqlCounters(Connection connection) throws SQLException {
        this.connection = connection;
        connection.setAutoCommit(true);
        sample(0);
    }

    @Override
    public List<Reading> sample(long now) throws SQLException {
        Map<String, Long> status = new HashMap<>();
        try (Statement s = connection.createStatement()) {
            try (ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS WHERE Variable_name IN ('Threads_connected',"
                    + " 'Threads_running', 'Innodb_row_lock_current_waits', 'Innodb_row_lock_waits',"
                    + " 'Innodb_row_lock_time', 'Innodb_deadlocks', 'Com_commit', 'Com_rollback',"
                    + " 'Connection_errors_max_connections')")) {
                while (rs.next()) {
                    status.put(rs.getString(1), Long.parseLong(rs.getString(2).trim()));
                }
            }
            if (!status.containsKey("Innodb_deadlocks")) {
                try (ResultSet rs = s.executeQuery(
                        "SELECT `COUNT` FROM information_schema.INNODB_METRICS WHERE NAME = 'lock_deadlocks'")) {
                    if (rs.next()) {
                        status.put("Innodb_deadlocks", rs.getLong(1));
                    }
                }
            }
        }
        List<Reading> out = new ArrayList<>();
        for (Object[] v : STATUS) {
            Long value = status.get((String) v[0]);
            if (value == null) {
                continue; // this server has no such variable: left out rather than written as 0
            }
            String metric = (String) v[1];
            double shown = (Boolean) v[3] ? deltas.next(metric, value) : value;
            out.add(new Reading(now, SOURCE, metric, shown, (String) v[2]));
        }
        return out;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
