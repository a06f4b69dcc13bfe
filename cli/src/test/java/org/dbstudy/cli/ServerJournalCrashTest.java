package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.dbstudy.cli.run.RunStatus;
import org.dbstudy.databases.EmbeddedMariaDb;
import org.dbstudy.vocabulary.ServerJournalFile;
import org.dbstudy.vocabulary.files.RunStatusFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A runner killed outright (SIGKILL) in the middle of a cell of a settings study, on servers started for
 * the test (never the local ones): the next {@code run --resume} puts every original setting back before
 * anything else and says so, one line each, then runs the study against the server's real originals.
 * PostgreSQL: a private server (the machine's PostgreSQL 15, {@code initdb} on a free port) restarted by
 * {@code pg_ctl} as the {@code --restart-command}, with a restart-needing and a reloading setting;
 * {@code postgresql.auto.conf} ends byte for byte as it began. MariaDB: an embedded server with a
 * {@code SET GLOBAL} setting.
 */
class ServerJournalCrashTest {
    private static final Path PG_BIN = Path.of("/usr/lib/postgresql/15/bin");

    private static String study(String serverFactors) {
        return """
                name: journal-crash
                workload: {template: crud, parameters: {table: dbstudy_journal_crash}}
                factors:
                  operation: [read]
                  users: [1]
                  rows: [10]
                %s
                settings: {duration: 15, rest: 0}
                """.formatted(serverFactors);
    }

    @Test
    void postgresKilledMidCellIsRestoredFirstByResumeAndAutoConfEndsAsItBegan(@TempDir Path work) throws Exception {
        if (!Files.isExecutable(PG_BIN.resolve("initdb"))) {
            fail("this test needs the machine's PostgreSQL 15 binaries in " + PG_BIN);
        }
        try (PrivatePostgres pg = PrivatePostgres.start()) {
            Path autoConf = pg.data.resolve("postgresql.auto.conf");
            byte[] began = Files.readAllBytes(autoConf);
            String url = "jdbc:postgresql://127.0.0.1:" + pg.port + "/postgres";
            String originalBuffers = pg.value("shared_buffers");
            String originalWorkMem = pg.value("work_mem");
            Path studyFile = Files.writeString(work.resolve("study.yaml"),
                    study("  server.shared_buffers: [256MB]\n  server.work_mem: [8MB]"));
            Path out = work.resolve("out");
            List<String> args = List.of("run", "--study", studyFile.toString(), "--db", "postgres", "--url", url,
                    "--user", "postgres", "--out", out.toString(), "--progress", "1", "--monitor", "none",
                    "--restart-command", pg.restartCommand());

            killMidCell(args, out, work.resolve("killed.log"), 2);
            assertTrue(Files.readString(autoConf).contains("shared_buffers = '256MB'"),
                    "killed with the study's settings in place: " + Files.readString(autoConf));
            assertEquals("256MB", pg.value("shared_buffers"));

            List<String> resumed = new ArrayList<>(args);
            resumed.add("--resume");
            MainTest.Run r = MainTest.run(resumed.toArray(String[]::new));
            assertEquals(0, r.status(), r.out() + r.err());
            List<String> lines = r.out().lines().toList();
            int buffers = lines.indexOf("restored server setting shared_buffers=" + originalBuffers + " on " + url
                    + " (an earlier run changed it by ALTER SYSTEM + restart and did not put it back)");
            int workMem = lines.indexOf("restored server setting work_mem=" + originalWorkMem + " on " + url
                    + " (an earlier run changed it by ALTER SYSTEM + reload and did not put it back)");
            int study = indexOfPrefix(lines, "study journal-crash: ");
            assertTrue(buffers >= 0 && workMem >= 0 && study > buffers && study > workMem, r.out());
            assertEquals(originalBuffers, pg.value("shared_buffers"));
            assertEquals(originalWorkMem, pg.value("work_mem"));
            assertEquals(new String(began, StandardCharsets.UTF_8), Files.readString(autoConf), "postgresql.auto.conf");
            assertTrue(RunStatus.open(out.resolve(RunStatusFile.FILE_NAME)).rows().stream().allMatch(RunStatusFile.Row::done));
            assertTrue(ServerJournalFile.read(out.resolve(ServerJournalFile.FILE_NAME)).stream()
                    .allMatch(ServerJournalFile.Row::restored), "the resumed run finished its own journal");
        }
    }

    /**
     * Issue 46: a runner SIGKILLed while its restart command is half done (the command has stopped the server
     * and waits) leaves nothing of the command running: its watchdog kills the command's tree. The next run
     * says that the earlier one was killed during the command and refuses in one line, since the server is
     * down; once it runs again, {@code restore} puts the journal's originals back and the server is as it was.
     */
    @Test
    void aRunnerKilledDuringItsRestartCommandLeavesNoCommandRunningAndTheNextRunSaysSo(@TempDir Path work) throws Exception {
        if (!Files.isExecutable(PG_BIN.resolve("initdb"))) {
            fail("this test needs the machine's PostgreSQL 15 binaries in " + PG_BIN);
        }
        try (PrivatePostgres pg = PrivatePostgres.start()) {
            Path autoConf = pg.data.resolve("postgresql.auto.conf");
            byte[] began = Files.readAllBytes(autoConf);
            String url = "jdbc:postgresql://127.0.0.1:" + pg.port + "/postgres";
            String originalBuffers = pg.value("shared_buffers");
            // The slow restart command: stops the server, says so, then waits (its child, a sleep) before it would start it.
            Path stopped = work.resolve("stopped");
            Path sleeper = work.resolve("sleep.pid");
            Path script = Files.writeString(work.resolve("slow-restart.sh"), pg.asPostgresCommand("-m fast -w stop") + "\n"
                    + "echo $$ > " + stopped + ".tmp && mv " + stopped + ".tmp " + stopped + "\n"
                    + "sleep 600 & echo $! > " + sleeper + "\nwait\n"
                    + pg.asPostgresCommand("-w start") + "\n");
            Path studyFile = Files.writeString(work.resolve("study.yaml"), study("  server.shared_buffers: [256MB]"));
            Path out = work.resolve("out");
            List<String> args = List.of("run", "--study", studyFile.toString(), "--db", "postgres", "--url", url,
                    "--user", "postgres", "--out", out.toString(), "--progress", "1", "--monitor", "none",
                    "--restart-command", "sh " + script);

            Process run = runner(args, work.resolve("killed.log"));
            ProcessHandle command;
            ProcessHandle sleep;
            try {
                long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
                while (!(Files.exists(stopped) && Files.exists(sleeper) && !Files.readString(sleeper).isBlank())) {
                    if (!run.isAlive() || System.nanoTime() > deadline) {
                        fail("the restart command never stopped the server:\n" + Files.readString(work.resolve("killed.log")));
                    }
                    Thread.sleep(50);
                }
                command = ProcessHandle.of(Long.parseLong(Files.readString(stopped).trim())).orElseThrow();
                sleep = ProcessHandle.of(Long.parseLong(Files.readString(sleeper).trim())).orElseThrow();
                run.toHandle().destroyForcibly(); // SIGKILL: no shutdown hook, no Ctrl-C handling
                assertTrue(run.waitFor(60, TimeUnit.SECONDS));
            } finally {
                run.destroyForcibly();
            }
            try {
                // The watchdog kills the command's tree at once.
                command.onExit().get(60, TimeUnit.SECONDS);
                sleep.onExit().get(60, TimeUnit.SECONDS);
            } finally {
                command.destroyForcibly();
                sleep.destroyForcibly();
            }

            List<String> resumed = new ArrayList<>(args);
            resumed.add("--resume");
            MainTest.Run r = MainTest.run(resumed.toArray(String[]::new));
            assertEquals(1, r.status(), r.out() + r.err());
            assertTrue(r.out().lines().anyMatch(l -> l.startsWith("an earlier run into this folder was killed during its restart command"
                    + " 'sh " + script + "' (PID ") && l.endsWith(", which no longer runs; the server may be stopped or not restarted"
                    + " with its settings: it is checked before anything runs")), r.out());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("dbstudy run: stopped: ") && r.err().contains("cannot be reached to restore them")
                    && r.err().contains("dbstudy restore --out "), r.err());

            pg.startServer(); // what the line asks of the user
            MainTest.Run restored = MainTest.run("restore", "--out", out.toString(), "--restart-command", pg.restartCommand());
            assertEquals(0, restored.status(), restored.out() + restored.err());
            assertTrue(restored.out().contains("restored server setting shared_buffers=" + originalBuffers), restored.out());
            assertEquals(originalBuffers, pg.value("shared_buffers"));
            assertEquals(new String(began, StandardCharsets.UTF_8), Files.readString(autoConf), "postgresql.auto.conf");
        }
    }

    @Test
    void mariaDbSetGlobalKilledMidCellIsRestoredFirstByResume(@TempDir Path work) throws Exception {
        try (EmbeddedMariaDb maria = EmbeddedMariaDb.start(0)) {
            String url = "jdbc:mariadb://127.0.0.1:" + maria.port() + "/test";
            // The embedded server takes root only with its password; the runs here log in without one.
            try (Connection root = maria.endpoint().connect(); Statement s = root.createStatement()) {
                s.execute("CREATE USER '" + JOURNAL_USER + "'@'%'");
                s.execute("GRANT ALL PRIVILEGES ON *.* TO '" + JOURNAL_USER + "'@'%'");
            }
            String original = mariaValue(url);
            Path studyFile = Files.writeString(work.resolve("study.yaml"), study("  server.innodb_lock_wait_timeout: [7]"));
            Path out = work.resolve("out");
            List<String> args = List.of("run", "--study", studyFile.toString(), "--db", "mariadb", "--url", url,
                    "--user", JOURNAL_USER, "--out", out.toString(), "--progress", "1", "--monitor", "none");

            killMidCell(args, out, work.resolve("killed.log"), 1);
            assertEquals("7", mariaValue(url), "killed with the study's setting in place");

            // Without the server the resumed run refuses to go on, and says how.
            List<String> resumed = new ArrayList<>(args);
            resumed.add("--resume");
            List<String> elsewhere = new ArrayList<>(resumed);
            elsewhere.set(elsewhere.indexOf(url), "jdbc:mariadb://127.0.0.1:1/test");
            MainTest.Run refused = MainTest.run(elsewhere.toArray(String[]::new));
            assertEquals(1, refused.status(), refused.out() + refused.err());
            assertTrue(refused.err().startsWith("dbstudy run: stopped: ") && refused.err().contains("dbstudy restore --out "),
                    refused.err());
            assertEquals("7", mariaValue(url));

            MainTest.Run r = MainTest.run(resumed.toArray(String[]::new));
            assertEquals(0, r.status(), r.out() + r.err());
            List<String> lines = r.out().lines().toList();
            int restored = lines.indexOf("restored server setting innodb_lock_wait_timeout=" + original + " on " + url
                    + " (an earlier run changed it by SET GLOBAL and did not put it back)");
            assertTrue(restored >= 0 && indexOfPrefix(lines, "study journal-crash: ") > restored, r.out());
            assertEquals(original, mariaValue(url));
        }
    }

    /**
     * Runs {@code bin/dbstudy} as a child process, waits until the cell runs with the server changed (the
     * journal holds {@code journalled} settings and JMeter has written samples), then SIGKILLs it, and the
     * JMeter it started (which a killed runner would leave behind).
     */
    private static void killMidCell(List<String> args, Path out, Path log, int journalled) throws Exception {
        Process run = runner(args, log);
        try {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
            while (!(journalled(out) >= journalled && samplesWritten(out))) {
                if (!run.isAlive() || System.nanoTime() > deadline) {
                    fail("the cell never ran with its settings (exit " + (run.isAlive() ? "none" : run.exitValue()) + "):\n"
                            + Files.readString(log));
                }
                Thread.sleep(100);
            }
        } finally {
            List<ProcessHandle> children = run.descendants().toList();
            run.destroyForcibly(); // SIGKILL: no shutdown hook runs
            run.waitFor(60, TimeUnit.SECONDS);
            children.forEach(ProcessHandle::destroyForcibly);
        }
        assertEquals(137, run.exitValue(), "killed by SIGKILL");
    }

    /** {@code bin/dbstudy ARGS} in a JVM of its own, its output in {@code log}. */
    private static Process runner(List<String> args, Path log) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Ddbstudy.root=" + System.getProperty("dbstudy.root"), "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")), Main.class.getName()));
        cmd.addAll(args);
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static int journalled(Path out) {
        try {
            return ServerJournalFile.read(out.resolve(ServerJournalFile.FILE_NAME)).size();
        } catch (Exception stillBeingWritten) {
            return 0;
        }
    }

    private static boolean samplesWritten(Path out) throws IOException {
        Path results = out.resolve("results");
        if (!Files.isDirectory(results)) {
            return false;
        }
        try (Stream<Path> jtls = Files.list(results)) {
            // A header and at least one sample line.
            return jtls.anyMatch(p -> {
                try {
                    return p.toString().endsWith(".jtl") && Files.readString(p).lines().count() >= 2;
                } catch (IOException e) {
                    return false;
                }
            });
        }
    }

    private static int indexOfPrefix(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(prefix)) {
                return i;
            }
        }
        return -1;
    }

    /** A login without a password on the test's own embedded MariaDB, for the runs started here. */
    private static final String JOURNAL_USER = "journal_crash";

    private static String mariaValue(String url) throws Exception {
        try (Connection c = DriverManager.getConnection(url, JOURNAL_USER, ""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select @@global.innodb_lock_wait_timeout")) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** A PostgreSQL 15 server of this test's own: initdb in a temporary folder, run as user postgres. */
    private static final class PrivatePostgres implements AutoCloseable {
        final Path dir;
        final Path data;
        final int port;

        private PrivatePostgres(Path dir, int port) {
            this.dir = dir;
            this.data = dir.resolve("data");
            this.port = port;
        }

        static PrivatePostgres start() throws Exception {
            Path dir = Files.createTempDirectory("dbstudy-journal-pg-");
            UserPrincipal postgres = dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("postgres");
            Files.setOwner(dir, postgres);
            int port;
            try (ServerSocket free = new ServerSocket(0)) {
                port = free.getLocalPort();
            }
            PrivatePostgres pg = new PrivatePostgres(dir, port);
            try {
                pg.asPostgres(PG_BIN.resolve("initdb").toString(), "-D", pg.data.toString(), "-U", "postgres",
                        "--auth=trust", "-E", "UTF8", "--no-instructions");
                pg.startServer();
            } catch (Exception | AssertionError e) {
                pg.close();
                throw e;
            }
            return pg;
        }

        void startServer() throws IOException {
            asPostgres(PG_BIN.resolve("pg_ctl").toString(), "-D", data.toString(), "-l", dir.resolve("log").toString(),
                    "-o", "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1", "-w", "start");
        }

        /** A shell command line that runs pg_ctl on this server as user postgres with {@code options}. */
        String asPostgresCommand(String options) {
            return "runuser -u postgres -- " + PG_BIN.resolve("pg_ctl") + " -D " + data + " -l " + dir.resolve("log") + " " + options;
        }

        /** pg_ctl restart keeps the options the server was started with (postmaster.opts). */
        String restartCommand() {
            return "runuser -u postgres -- " + PG_BIN.resolve("pg_ctl") + " -D " + data + " -l " + dir.resolve("log")
                    + " -w -m fast restart";
        }

        String value(String setting) throws Exception {
            try (Connection c = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + port + "/postgres", "postgres", "");
                 Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select current_setting('" + setting + "')")) {
                rs.next();
                return rs.getString(1);
            }
        }

        private void asPostgres(String... command) throws IOException {
            List<String> cmd = new ArrayList<>(List.of("runuser", "-u", "postgres", "--"));
            cmd.addAll(List.of(command));
            Path log = dir.resolve("command.log");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            boolean finished;
            try {
                finished = p.waitFor(120, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted: " + String.join(" ", cmd), e);
            }
            if (!finished || p.exitValue() != 0) {
                p.destroyForcibly();
                fail(String.join(" ", cmd) + " failed: " + Files.readString(log));
            }
        }

        @Override
        public void close() throws IOException {
            try {
                if (Files.exists(data.resolve("postmaster.pid"))) {
                    asPostgres(PG_BIN.resolve("pg_ctl").toString(), "-D", data.toString(), "-m", "immediate", "-w", "stop");
                }
            } finally {
                try (Stream<Path> files = Files.walk(dir)) {
                    for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(p);
                    }
                }
            }
        }
    }
}
