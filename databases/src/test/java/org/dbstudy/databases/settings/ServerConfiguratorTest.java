package org.dbstudy.databases.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.EmbeddedMariaDb;
import org.dbstudy.databases.EmbeddedPostgres;
import org.dbstudy.databases.ServerRestart;
import org.junit.jupiter.api.Test;

/**
 * Server settings applied per cell on embedded servers only (never the local ones' globals): a
 * restart-needing and a reloading PostgreSQL setting, MariaDB's static thread_handling, a refused value,
 * the preflight's refusals, and the settings as found after restore.
 */
class ServerConfiguratorTest {
    @Test
    void postgresSharedBuffersRestartsWorkMemReloadsAndBothAreReadBackPerCellThenRestored() throws Exception {
        try (EmbeddedPostgres pg = EmbeddedPostgres.start(0, null, Map.of())) {
            DatabaseEndpoint db = pg.endpoint();
            Map<String, String> before = read(db, "shared_buffers", "work_mem");
            ServerConfigurator configurator = new ServerConfigurator(db, pg);
            assertEquals(List.of(), configurator.preflight(List.of(Map.of("shared_buffers", "256MB", "work_mem", "64MB"))));

            ServerConfigurator.Applied first = configurator.apply(Map.of("shared_buffers", "256MB", "work_mem", "4MB"));
            assertTrue(first.ok(), first.notApplied().toString());
            assertEquals("256MB", first.effective().get("shared_buffers"));
            assertEquals("256MB", read(db, "shared_buffers").get("shared_buffers"), "a new session sees it");
            String started = value(db, "select pg_postmaster_start_time()::text");

            ServerConfigurator.Applied second = configurator.apply(Map.of("shared_buffers", "256MB", "work_mem", "64MB"));
            assertTrue(second.ok(), second.notApplied().toString());
            assertEquals("64MB", read(db, "work_mem").get("work_mem"), "a server default, for every new session");
            assertEquals(started, value(db, "select pg_postmaster_start_time()::text"), "work_mem reloads: no restart");

            ServerConfigurator.Applied third = configurator.apply(Map.of("shared_buffers", "1GB", "work_mem", "64MB"));
            assertEquals("1GB", third.effective().get("shared_buffers"));
            assertTrue(!started.equals(value(db, "select pg_postmaster_start_time()::text")), "shared_buffers restarts");

            assertEquals(List.of(), configurator.restore());
            assertEquals(before, read(db, "shared_buffers", "work_mem"), "as found");
            assertThrows(IllegalStateException.class, () -> configurator.apply(Map.of("work_mem", "8MB")),
                    "nothing runs after the restore");
        }
    }

    @Test
    void aValueTheServerRefusesIsNotAppliedAndTheNextConfigurationStillIs() throws Exception {
        try (EmbeddedPostgres pg = EmbeddedPostgres.start(0, null, Map.of())) {
            ServerConfigurator configurator = new ServerConfigurator(pg.endpoint(), null);
            // 10 (kB) passes dbstudy's catalog but is below PostgreSQL's minimum of 64kB.
            ServerConfigurator.Applied refused = configurator.apply(Map.of("work_mem", "10"));
            assertFalse(refused.ok());
            assertTrue(refused.reason().startsWith("not_applied: server setting work_mem=10 refused by the server"),
                    refused.reason());
            ServerConfigurator.Applied next = configurator.apply(Map.of("work_mem", "8MB"));
            assertTrue(next.ok(), next.notApplied().toString());
            assertEquals("8MB", next.effective().get("work_mem"));
            configurator.restore();
            assertEquals("4MB", read(pg.endpoint(), "work_mem").get("work_mem"));
        }
    }

    @Test
    void preflightRefusesARestartWithoutMeansAndSettingsTheServerLacks() throws Exception {
        try (EmbeddedPostgres pg = EmbeddedPostgres.start(0, null, Map.of())) {
            ServerConfigurator configurator = new ServerConfigurator(pg.endpoint(), null);
            List<String> problems = configurator.preflight(List.of(Map.of("shared_buffers", "128MB"),
                    Map.of("shared_buffers", "1GB"), Map.of("thread_handling", "pool-of-threads")));
            assertEquals(2, problems.size(), problems.toString());
            assertTrue(problems.get(0).startsWith("server setting shared_buffers=1GB needs a restart of postgresql at "),
                    problems.get(0));
            assertTrue(problems.get(0).contains("targets[].restart") && problems.get(0).contains("--restart-command"),
                    problems.get(0));
            assertTrue(problems.get(1).startsWith("server setting thread_handling: postgresql at ")
                    && problems.get(1).endsWith("has no such setting"), problems.get(1));
            assertEquals(List.of(), configurator.preflight(List.of(Map.of("shared_buffers", "128MB"))),
                    "the value it has needs no restart");
        }
    }

    @Test
    void mariaDbPoolOfThreadsTakesEffectAfterARestartAndDynamicVariablesBySetGlobal() throws Exception {
        try (EmbeddedMariaDb maria = EmbeddedMariaDb.start(0, Map.of())) {
            DatabaseEndpoint db = maria.endpoint();
            Map<String, String> before = read(db, "thread_handling", "innodb_lock_wait_timeout");
            assertEquals("one-thread-per-connection", before.get("thread_handling"));
            ServerConfigurator configurator = new ServerConfigurator(db, maria);
            Map<String, String> pool = new LinkedHashMap<>();
            pool.put("thread_handling", "pool-of-threads");
            pool.put("innodb_lock_wait_timeout", "7");
            ServerConfigurator.Applied applied = configurator.apply(pool);
            assertTrue(applied.ok(), applied.notApplied().toString());
            assertEquals(pool, read(db, "thread_handling", "innodb_lock_wait_timeout"));
            assertEquals(pool, applied.effective());
            assertEquals(List.of(), configurator.restore());
            assertEquals(before, read(db, "thread_handling", "innodb_lock_wait_timeout"));
        }
    }

    @Test
    void aFailingRestartCommandNamesItselfAndItsExitCode() {
        CommandRestart restart = new CommandRestart("echo no server here >&2; exit 3",
                new DatabaseEndpoint(org.dbstudy.vocabulary.DatabaseKind.POSTGRESQL, "jdbc:postgresql://127.0.0.1:1/x",
                        "u", "", "test"));
        ServerRestart.RestartFailedException e = assertThrows(ServerRestart.RestartFailedException.class,
                () -> restart.restart(Map.of("shared_buffers", "1GB")));
        assertEquals("restart command 'echo no server here >&2; exit 3' failed with exit code 3: no server here",
                e.getMessage());
    }

    private static Map<String, String> read(DatabaseEndpoint db, String... names) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        SettingSql sql = SettingSql.of(db.kind());
        try (Connection c = db.connect()) {
            for (String name : names) {
                out.put(name, sql.describe(c, name).value());
            }
        }
        return out;
    }

    private static String value(DatabaseEndpoint db, String query) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
