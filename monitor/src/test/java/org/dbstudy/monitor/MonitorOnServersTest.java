package org.dbstudy.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The monitor on real servers: it sees the host, the server's processes, commits made while it runs,
 * and a session that waits for a lock another holds.
 */
class MonitorOnServersTest {
    private static final long INTERVAL = 250;

    @TempDir
    Path dir;

    @Test
    void postgresCommitsSessionsAndALockWaitAreSeen() throws Exception {
        DatabaseEndpoint pg = TestDatabases.postgres();
        Path file = dir.resolve("pg.csv");
        try (Monitor monitor = Monitor.start(new Monitor.Config(pg.url(), pg.user(), pg.password(), file, INTERVAL))) {
            try (Connection c = pg.connect(); Statement s = c.createStatement()) {
                c.setAutoCommit(false);
                for (int i = 0; i < 50; i++) {
                    s.execute("SELECT 1");
                    c.commit();
                }
            } // closing the backend publishes its statistics
            try (Connection holder = pg.connect(); Statement s = holder.createStatement()) {
                s.execute("SELECT pg_advisory_lock(424242)");
                CompletableFuture<Void> waiter = CompletableFuture.runAsync(() -> {
                    try (Connection w = pg.connect(); Statement ws = w.createStatement()) {
                        ws.execute("SELECT pg_advisory_lock(424242)");
                        ws.execute("SELECT pg_advisory_unlock(424242)");
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                // The waiter is seen waiting by the server, then by at least two of the monitor's samples.
                awaitCount(pg, "SELECT count(*) FROM pg_stat_activity WHERE " + single(s, "SELECT pg_backend_pid()")
                        + " = ANY(pg_blocking_pids(pid))", waiter);
                MonitorSamples.awaitAfter(file, System.currentTimeMillis(), 2);
                s.execute("SELECT pg_advisory_unlock(424242)");
                waiter.get(30, TimeUnit.SECONDS);
            }
            try (Connection busy = pg.connect(); Statement s = busy.createStatement()) {
                // About a second of CPU whatever the load, and a tuplestore larger than work_mem: temp bytes.
                s.execute("SELECT count(*) FROM generate_series(1, 20000000)");
            } // the backend ends here: its CPU must still be counted (through the postmaster's reaped children)
            MonitorSamples.awaitAfter(file, System.currentTimeMillis(), 2);
            assertEquals(List.of(), monitor.problems());
        }
        Map<String, Double> max = maxima(file);
        Map<String, Double> sum = sums(file);
        double serverCpuSeconds = sum.get("server/cpu_pct") / 100 * INTERVAL / 1000;
        assertTrue(serverCpuSeconds >= 0.5, "the busy backend's CPU is counted: " + serverCpuSeconds + " s");
        assertTrue(sum.get("database/temp_bytes") > 0, sum.toString());
        assertTrue(sum.get("database/commits") >= 50, "50 commits: " + sum.get("database/commits"));
        assertTrue(max.get("database/lock_waits") >= 1, "a session waited for a lock: " + max);
        assertTrue(max.get("database/waiting_lock") >= 1, max.toString());
        assertTrue(max.get("database/sessions_active") >= 1, max.toString());
        assertTrue(max.get("server/processes") >= 2, "postmaster and at least one backend: " + max);
        assertTrue(max.get("server/rss_bytes") > 0, max.toString());
        assertTrue(max.get("host/mem_total_bytes") > 0, max.toString());
        double cpu = max.get("host/cpu_user_pct") + max.get("host/cpu_system_pct");
        assertTrue(cpu > 0 && cpu <= 200, "a share of all cores: " + cpu);
    }

    @Test
    void mariaDbThreadsCommitsAndARowLockWaitAreSeen() throws Exception {
        DatabaseEndpoint maria = TestDatabases.mariadb();
        String table = "dbstudy_monitor_test";
        Path file = dir.resolve("maria.csv");
        try (Connection setup = maria.connect(); Statement s = setup.createStatement()) {
            s.execute("CREATE TABLE " + table + " (id INT PRIMARY KEY, v INT) ENGINE=InnoDB");
            s.execute("INSERT INTO " + table + " VALUES (1, 0)");
        }
        try (Monitor monitor = Monitor.start(new Monitor.Config(maria.url(), maria.user(), maria.password(), file, INTERVAL))) {
            try (Connection holder = maria.connect(); Statement s = holder.createStatement()) {
                holder.setAutoCommit(false);
                s.execute("UPDATE " + table + " SET v = v + 1 WHERE id = 1");
                CompletableFuture<Void> waiter = CompletableFuture.runAsync(() -> {
                    try (Connection w = maria.connect(); Statement ws = w.createStatement()) {
                        w.setAutoCommit(false);
                        ws.execute("UPDATE " + table + " SET v = v + 1 WHERE id = 1");
                        w.commit();
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                long holderId = single(s, "SELECT CONNECTION_ID()");
                // The waiter's UPDATE under way on the server: it cannot finish while the holder keeps the row, so
                // it is waiting for the lock. (INNODB_TRX/INNODB_LOCK_WAITS showed no waiter for the whole 50 s lock
                // wait in some runs on MariaDB 10.11; the process list, as the plugin's Gate reads it, does.)
                awaitCount(maria, "SELECT count(*) FROM information_schema.PROCESSLIST WHERE DB = DATABASE()"
                        + " AND ID <> " + holderId + " AND INFO LIKE 'UPDATE " + table + " %'", waiter);
                MonitorSamples.awaitAfter(file, System.currentTimeMillis(), 2);
                holder.commit();
                waiter.get(30, TimeUnit.SECONDS);
            }
            MonitorSamples.awaitAfter(file, System.currentTimeMillis(), 1);
            assertEquals(List.of(), monitor.problems());
        } finally {
            try (Connection c = maria.connect(); Statement s = c.createStatement()) {
                s.execute("DROP TABLE IF EXISTS " + table);
            }
        }
        Map<String, Double> max = maxima(file);
        Map<String, Double> sum = sums(file);
        assertTrue(sum.get("database/commits") >= 2, sum.toString());
        assertTrue(sum.get("database/row_lock_waits") >= 1, "one update waited for the other's row lock: " + sum);
        assertTrue(max.get("database/lock_waits") >= 1, max.toString());
        assertTrue(max.get("database/threads_connected") >= 3, max.toString());
        assertTrue(max.containsKey("database/deadlocks"), "MariaDB counts deadlocks: " + max.keySet());
        assertTrue(max.get("server/processes") >= 1, max.toString());
    }

    /** Far beyond any load: a session that has not started waiting by then never will. */
    private static final long WAIT_LIMIT_MS = 60_000;

    /** Returns once {@code countSql} counts at least one session; fails if {@code waiter} ends first. */
    private static void awaitCount(DatabaseEndpoint db, String countSql, CompletableFuture<Void> waiter) throws Exception {
        long deadline = System.currentTimeMillis() + WAIT_LIMIT_MS;
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            while (single(s, countSql) < 1) {
                assertTrue(!waiter.isDone(), () -> "the waiter ended without waiting for the lock: " + waiterOutcome(waiter));
                assertTrue(System.currentTimeMillis() < deadline, "no session waited for the lock within 60 s");
                Thread.sleep(20); // polling the server; the outcome does not depend on this pause
            }
        }
    }

    private static String waiterOutcome(CompletableFuture<Void> waiter) {
        try {
            waiter.get();
            return "it committed";
        } catch (Exception e) {
            return String.valueOf(e.getCause());
        }
    }

    private static long single(Statement s, String sql) throws Exception {
        try (java.sql.ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static Map<String, Double> maxima(Path file) throws Exception {
        Map<String, Double> out = new HashMap<>();
        for (String[] f : rows(file)) {
            out.merge(f[1] + "/" + f[2], Double.parseDouble(f[3]), Math::max);
        }
        return out;
    }

    private static Map<String, Double> sums(Path file) throws Exception {
        Map<String, Double> out = new HashMap<>();
        for (String[] f : rows(file)) {
            out.merge(f[1] + "/" + f[2], Double.parseDouble(f[3]), Double::sum);
        }
        return out;
    }

    private static List<String[]> rows(Path file) throws Exception {
        List<String> lines = Files.readAllLines(file);
        assertEquals("timeStamp,source,metric,value,unit", lines.get(0));
        assertTrue(lines.size() > 10, "rows were written: " + lines.size());
        return lines.subList(1, lines.size()).stream().map(l -> l.split(",")).toList();
    }
}
