package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.EmbeddedPostgres;
import org.dbstudy.databases.settings.ServerConfigurator;
import org.dbstudy.databases.settings.ServerJournal;
import org.dbstudy.vocabulary.JdbcUrls;
import org.dbstudy.vocabulary.ServerJournalFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dbstudy restore} on an embedded PostgreSQL started by the test (never the local servers'
 * globals): an abandoned run's {@code ALTER SYSTEM} put back from the journal alone, then "nothing to
 * restore"; a restart-needing setting without a restart command refused with exit 1 in one line; and
 * {@code run} with a hung restart command ({@code sleep 400}) stopped after {@code --restart-timeout}.
 */
class RestoreCommandTest {
    @Test
    void restorePutsBackAnAbandonedRunsSettingsAndRefusesARestartItCannotMake(@TempDir Path out) throws Exception {
        MainTest.Run none = MainTest.run("restore", "--out", out.toString());
        assertEquals(0, none.status(), none.err());
        assertEquals("nothing to restore: no " + out.resolve(ServerJournalFile.FILE_NAME) + "\n", none.out());

        try (EmbeddedPostgres pg = EmbeddedPostgres.start(0, null, Map.of())) {
            DatabaseEndpoint db = pg.endpoint();
            Path file = out.resolve(ServerJournalFile.FILE_NAME);
            // A run that changed work_mem and was killed: its configurator never restores.
            assertTrue(new ServerConfigurator(db, null, new ServerJournal(file, db)).apply(Map.of("work_mem", "8MB")).ok());
            assertEquals("1", value(db, "select count(*) from pg_file_settings where sourcefile like '%postgresql.auto.conf'"));

            // The embedded server takes only its password, given here in the URL (masked in every message).
            String withPassword = db.url() + "?password=" + db.password();
            MainTest.Run r = MainTest.run("restore", "--out", out.toString(), "--url", withPassword);
            assertEquals(0, r.status(), r.out() + r.err());
            assertEquals("restored server setting work_mem=4MB on " + JdbcUrls.redact(withPassword)
                    + " (an earlier run changed it by ALTER SYSTEM + reload and did not put it back)\n", r.out());
            assertEquals("0", value(db, "select count(*) from pg_file_settings where sourcefile like '%postgresql.auto.conf'"));
            MainTest.Run again = MainTest.run("restore", "--out", out.toString());
            assertEquals("nothing to restore: every setting in " + file + " is back\n", again.out());

            // A restart-needing setting whose original the running server does not have: needs a restart.
            String url = db.url();
            ServerJournalFile.write(file, List.of(new ServerJournalFile.Row("postgresql", url, "postgres", "shared_buffers",
                    "64MB", "8kB", false, true, "ALTER SYSTEM + restart", ServerJournalFile.CHANGED, "2026-01-01T00:00:00Z")));
            MainTest.Run refused = MainTest.run("restore", "--out", out.toString(), "--url", withPassword);
            assertEquals(1, refused.status(), refused.out() + refused.err());
            assertEquals(1, refused.err().lines().count(), refused.err());
            assertTrue(refused.err().startsWith("dbstudy restore: " + file + ": an earlier run changed server settings and did"
                    + " not put them back (shared_buffers=64MB); shared_buffers=128MB take effect only when the server"), refused.err());
            assertTrue(refused.err().contains("give a restart command (--restart-command)"), refused.err());
            assertTrue(ServerJournalFile.unfinished(ServerJournalFile.read(file)), "kept for the next attempt");
        }
    }

    @Test
    void aHungRestartCommandStopsTheRunAfterTheRestartTimeout(@TempDir Path work) throws Exception {
        try (EmbeddedPostgres pg = EmbeddedPostgres.start(0, null, Map.of())) {
            DatabaseEndpoint db = pg.endpoint();
            String buffers = value(db, "select current_setting('shared_buffers')");
            Path study = Files.writeString(work.resolve("study.yaml"), """
                    name: hung-restart
                    workload: {template: crud, parameters: {table: dbstudy_hung_restart}}
                    factors:
                      operation: [read]
                      users: [1]
                      rows: [10]
                      server.shared_buffers: [256MB]
                    settings: {duration: 2, rest: 0}
                    """);
            long start = System.nanoTime();
            MainTest.Run r = MainTest.run("run", "--study", study.toString(), "--db", "postgres",
                    "--url", db.url() + "?password=" + db.password(),
                    "--user", "postgres", "--out", work.resolve("out").toString(), "--monitor", "none",
                    "--restart-command", "sleep 400", "--restart-timeout", "2");
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
            assertEquals(1, r.status(), r.out() + r.err());
            assertEquals("dbstudy run: stopped: restart command 'sleep 400' did not finish within 2 s (--restart-timeout);"
                    + " it and its child processes were stopped\n", r.err());
            assertTrue(seconds < 200, "stopped after " + seconds + " s, not after the 400 s of the command");
            assertEquals(buffers, value(db, "select current_setting('shared_buffers')"));
            assertEquals("0", value(db, "select count(*) from pg_file_settings where sourcefile like '%postgresql.auto.conf'"),
                    "ALTER SYSTEM undone");
            assertFalse(ServerJournalFile.unfinished(ServerJournalFile.read(work.resolve("out").resolve(ServerJournalFile.FILE_NAME))),
                    "the originals are back, and the journal says so");
        }
    }

    /** Ctrl-C (its shutdown hooks, by SIGTERM to a real runner process) while the restart command hangs: the run ends promptly. */
    @Test
    void ctrlCDuringAHungRestartCommandEndsTheRunPromptlyWithTheOriginalsBack(@TempDir Path work) throws Exception {
        try (EmbeddedPostgres pg = EmbeddedPostgres.start(0, null, Map.of())) {
            DatabaseEndpoint db = pg.endpoint();
            Path study = Files.writeString(work.resolve("study.yaml"), """
                    name: hung-restart
                    workload: {template: crud, parameters: {table: dbstudy_hung_restart}}
                    factors:
                      operation: [read]
                      users: [1]
                      rows: [10]
                      server.shared_buffers: [256MB]
                    settings: {duration: 2, rest: 0}
                    """);
            Path marker = work.resolve("restart-started");
            Path log = work.resolve("run.log");
            List<String> cmd = List.of(ProcessHandle.current().info().command().orElse("java"),
                    "-Ddbstudy.root=" + System.getProperty("dbstudy.root"), "-cp",
                    System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")), Main.class.getName(),
                    "run", "--study", study.toString(), "--db", "postgres", "--url", db.url(), "--user", "postgres",
                    "--password-env", "DBSTUDY_TEST_PASSWORD", "--out", work.resolve("out").toString(), "--monitor", "none",
                    "--restart-command", "touch " + marker + "; sleep 400");
            ProcessBuilder runner = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
            runner.environment().put("DBSTUDY_TEST_PASSWORD", db.password());
            Process run = runner.start();
            try {
                long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
                while (!Files.exists(marker)) {
                    assertTrue(run.isAlive() && System.nanoTime() < deadline, "the restart command never ran: " + Files.readString(log));
                    Thread.sleep(100);
                }
                List<ProcessHandle> command = run.descendants().toList();
                List<String> commandLines = command.stream().map(p -> p.info().commandLine().orElse("?")).toList();
                long start = System.nanoTime();
                // SIGTERM runs the same shutdown hooks as Ctrl-C; SIGINT would not reach a runner started from a
                // build running in the background, which inherits SIGINT ignored (the JVM then keeps it ignored).
                new ProcessBuilder("kill", "-TERM", Long.toString(run.pid())).inheritIO().start().waitFor();
                assertTrue(run.waitFor(60, TimeUnit.SECONDS), "still running a minute after Ctrl-C: " + Files.readString(log));
                long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
                assertTrue(seconds < 60, seconds + " s");
                assertTrue(commandLines.stream().anyMatch(l -> l.contains("sleep 400")), commandLines.toString());
                for (ProcessHandle p : command) {
                    p.onExit().get(10, TimeUnit.SECONDS); // the restart command and its sleep were killed
                }
            } finally {
                run.descendants().forEach(ProcessHandle::destroyForcibly);
                run.destroyForcibly();
            }
            String text = Files.readString(log);
            assertEquals("0", value(db, "select count(*) from pg_file_settings where sourcefile like '%postgresql.auto.conf'"),
                    "ALTER SYSTEM undone at Ctrl-C: " + text);
        }
    }

    private static String value(DatabaseEndpoint db, String query) throws Exception {
        try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
