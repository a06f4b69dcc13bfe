package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.dbstudy.cli.Main;
import org.dbstudy.cli.MainTest;
import org.dbstudy.cli.failure.EnvironmentError;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.EmbeddedPostgres;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.files.RunStatusFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run in the field: one writer per run folder, children that die with a killed runner, a server that
 * dies mid-cell failing that cell, no password on a command line or in a log (issue 22).
 */
class RunSafetyTest {
    private static final String PASSWORD = "Pw-in-url-4711";
    /** A client key's password in the URL (pgjdbc's sslpassword; unused without a key): a secret as well. */
    private static final String KEY_PASSWORD = "Key-in-url-4712";

    /** {@code bin/dbstudy ARGS} in a JVM of its own, as a user starts it. */
    static Process runner(Path log, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Ddbstudy.root=" + System.getProperty("dbstudy.root"), "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** Polls (no fixed sleep) until {@code condition} holds; fails with {@code what} after 3 minutes. */
    static void await(String what, java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "timed out waiting for " + what);
            Thread.sleep(100);
        }
    }

    private static long jtlSamples(Path dir) {
        try (Stream<Path> files = Files.exists(dir) ? Files.list(dir) : Stream.empty()) {
            long n = 0;
            for (Path f : files.filter(p -> p.toString().endsWith(".jtl")).toList()) {
                n += Math.max(0, Files.readAllLines(f).size() - 1);
            }
            return n;
        } catch (Exception e) {
            return 0;
        }
    }

    static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (Exception e) {
            return "";
        }
    }

    /** Every file under {@code dir} that contains {@code text}. */
    private static List<Path> containing(Path dir, String text) throws Exception {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).filter(f -> read(f).contains(text)).toList();
        }
    }

    @Test
    void aSecondRunIntoTheSameOutIsRefusedAtOnceAndTheFirstLosesNothing(@TempDir Path dir) throws Exception {
        DatabaseEndpoint pg = TestDatabases.postgres();
        Path out = dir.resolve("out");
        // A password written into the URL: moved out of it, never on JMeter's command line or in a log
        // (the machine's server takes any; an embedded one, when the machine has none, only its own).
        String password = pg.password().isEmpty() ? PASSWORD : pg.password();
        String url = pg.url() + (pg.url().contains("?") ? "&" : "?") + "password=" + password + "&sslpassword=" + KEY_PASSWORD;
        Process first = runner(dir.resolve("first.log"), "run", "--study", "smoke", "--set", "operation=read", "--set", "users=2",
                "--duration", "8", "--db", "postgres", "--url", url, "--user", pg.user(), "--out", out.toString(), "--progress", "1");
        try {
            await("samples of the first run", () -> jtlSamples(out.resolve("results")) >= 5 || !first.isAlive());
            assertTrue(first.isAlive(), read(dir.resolve("first.log")));
            String holder = read(out.resolve(RunFolderLock.FILE_NAME));
            assertTrue(holder.contains("pid=" + first.pid()), holder);
            ProcessHandle jmeter = first.descendants().filter(p -> p.info().commandLine().orElse("").contains("ApacheJMeter.jar"))
                    .findFirst().orElseThrow();
            String commandLine = jmeter.info().commandLine().orElseThrow();
            assertFalse(commandLine.contains(password), commandLine);
            assertFalse(commandLine.contains(KEY_PASSWORD), commandLine);
            assertTrue(commandLine.contains("-q " + StudyRunner.PASSWORD_INPUT), "the password comes through a pipe: " + commandLine);
            assertTrue(read(out.resolve(RunChildren.FILE_NAME)).contains("JMeter\t" + jmeter.pid() + "\t"),
                    "the run lists its JMeter: " + read(out.resolve(RunChildren.FILE_NAME)));

            // Timed from a loaded command line: on a machine with load 30 the JVM's first picocli start alone
            // took 6 s; what is measured is that the refusal waits for nothing of the first run.
            assertEquals(0, MainTest.run("run", "--help").status());
            long start = System.nanoTime();
            MainTest.Run second = MainTest.run("run", "--study", "smoke", "--set", "operation=read", "--set", "users=2",
                    "--duration", "8", "--db", "postgres", "--url", url, "--user", pg.user(), "--out", out.toString());
            double seconds = (System.nanoTime() - start) / 1e9;
            assertEquals(2, second.status(), second.out() + second.err());
            assertTrue(seconds < 5, "refused at once, not after " + seconds + " s");
            assertEquals("dbstudy run: --out " + out + " is in use by another dbstudy run (PID " + first.pid() + ", started "
                    + first.info().startInstant().orElseThrow() + "); wait for it to end, or give another --out\n", second.err());
            assertTrue(first.isAlive(), "the first run goes on");

            assertTrue(first.waitFor(5, TimeUnit.MINUTES));
            assertEquals(0, first.exitValue(), read(dir.resolve("first.log")));
        } finally {
            first.destroyForcibly();
        }
        List<RunStatusFile.Row> rows = RunStatus.open(out.resolve("run-status.csv")).rows();
        assertEquals(1, rows.size());
        assertEquals("done", rows.get(0).status());
        long readSamples;
        try (Stream<Path> jtls = Files.list(out.resolve("results"))) {
            Path jtl = jtls.findFirst().orElseThrow();
            readSamples = Files.readAllLines(jtl).stream().filter(l -> l.contains(",read,")).count();
        }
        assertEquals(readSamples, rows.get(0).samples(), "every workload sample of the first run is in its JTL");
        assertTrue(Files.exists(out.resolve("report/index.html")));
        assertEquals(List.of(), containing(out, password), "no file of the run holds the password");
        assertFalse(read(dir.resolve("first.log")).contains(password));
        assertEquals(List.of(), containing(out, KEY_PASSWORD), "no file of the run, JMeter's logs included, holds the key's password");
        assertFalse(read(dir.resolve("first.log")).contains(KEY_PASSWORD));
        assertEquals("", read(out.resolve(RunFolderLock.FILE_NAME)), "a run that ended released its folder");
        assertFalse(Files.exists(out.resolve(RunChildren.FILE_NAME)), "no child left to list");
    }

    @Test
    void aLockWhoseHolderDiedIsTakenOverWithANote(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(RunFolderLock.FILE_NAME), "pid=999999999\nstarted=2026-01-01T00:00:00Z\n");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (RunFolderLock lock = RunFolderLock.acquire(dir, new PrintStream(log, true, StandardCharsets.UTF_8))) {
            assertEquals("note: took over " + dir + " from an earlier run that ended without releasing it (PID 999999999,"
                    + " started 2026-01-01T00:00:00Z, not running any more)\n", log.toString(StandardCharsets.UTF_8));
            assertEquals(dir, lock.folder());
            assertTrue(read(dir.resolve(RunFolderLock.FILE_NAME)).startsWith("pid=" + ProcessHandle.current().pid() + "\n"));
            UserError refused = org.junit.jupiter.api.Assertions.assertThrows(UserError.class,
                    () -> RunFolderLock.acquire(dir, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
            assertTrue(refused.getMessage().contains("in use by another dbstudy run (PID " + ProcessHandle.current().pid()), refused.getMessage());
        }
    }

    @Test
    void childrenAKilledRunListedAreStoppedAtTheNextStartNeverAdopted(@TempDir Path dir) throws Exception {
        Process orphan = new ProcessBuilder("sleep", "600").start();
        Process reused = new ProcessBuilder("sleep", "600").start();
        try {
            ProcessHandle o = orphan.toHandle();
            String started = o.info().startInstant().orElseThrow().toString();
            // A PID the file lists whose process started at another time is not the child: left alone.
            Files.writeString(dir.resolve(RunChildren.FILE_NAME),
                    "JMeter\t" + o.pid() + "\t" + started + "\tcell read-users2\n"
                    + "JMeter\t" + reused.pid() + "\t" + Instant.EPOCH + "\tcell other\n");
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            try (RunChildren children = RunChildren.open(dir, new PrintStream(log, true, StandardCharsets.UTF_8))) {
                assertFalse(o.isAlive(), "the orphan was stopped");
                assertTrue(reused.isAlive(), "a process that only has a listed PID is not touched");
                assertEquals("stopped a process an earlier, killed run into this folder left running: JMeter (PID " + o.pid()
                        + ", started " + started + ", cell read-users2); it is not measured\n", log.toString(StandardCharsets.UTF_8));
                assertEquals("", read(dir.resolve(RunChildren.FILE_NAME)), "the list starts afresh");
                children.started(RunChildren.JMETER, reused.toHandle(), "cell x");
                assertTrue(read(dir.resolve(RunChildren.FILE_NAME)).startsWith("JMeter\t" + reused.pid() + "\t"));
            }
        } finally {
            orphan.destroyForcibly();
            reused.destroyForcibly();
        }
    }

    /** After a SIGKILL of the runner neither JMeter nor the embedded server runs on; nothing is measured by a later run. */
    @Test
    void aRunnerKilledWithSigkillTakesItsJMeterAndEmbeddedServerWithIt(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Process run = runner(dir.resolve("run.log"), "run", "--study", "smoke", "--set", "operation=read", "--set", "users=2",
                "--duration", "60", "--db", "embedded-postgres", "--out", out.toString(), "--progress", "1");
        List<ProcessHandle> children = new ArrayList<>();
        try {
            await("JMeter and the embedded server listed", () -> {
                String listed = read(out.resolve(RunChildren.FILE_NAME));
                return (listed.contains("JMeter\t") && listed.contains(RunChildren.SERVER + "\t")) || !run.isAlive();
            });
            await("samples", () -> jtlSamples(out.resolve("results")) >= 5 || !run.isAlive());
            assertTrue(run.isAlive(), read(dir.resolve("run.log")));
            for (String line : read(out.resolve(RunChildren.FILE_NAME)).split("\n")) {
                RunChildren.Child.parse(line).flatMap(RunChildren.Child::live).ifPresent(children::add);
            }
            assertEquals(2, children.size(), read(out.resolve(RunChildren.FILE_NAME)));
            run.toHandle().destroyForcibly(); // SIGKILL: no shutdown hook runs
            for (ProcessHandle child : children) {
                child.onExit().get(60, TimeUnit.SECONDS);
                assertFalse(child.isAlive(), "outlived the runner: " + child.pid() + " " + child.info().commandLine().orElse(""));
            }
        } finally {
            run.destroyForcibly();
            children.forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void aServerThatDiesMidCellFailsTheCellAndResumeRunsItAgain(@TempDir Path out) throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        EmbeddedPostgres[] server = {EmbeddedPostgres.start(port)};
        try {
            // crud-stress-like: writers with no pause, so the server is busy when it dies.
            Study study = Studies.load("smoke").withOverrides(Map.of("operation", List.of("write"), "users", List.of("4"),
                    "interval", List.of("0")), OptionalLong.of(120)).forDialect(DatabaseKind.POSTGRESQL);
            ConnectionSettings db = new ConnectionSettings(DatabaseKind.POSTGRESQL, server[0].endpoint().url(), "postgres",
                    server[0].endpoint().password());
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            CompletableFuture<StudyPipeline.Outcome> first = CompletableFuture.supplyAsync(() -> {
                try {
                    return new StudyRunner(study, db, out, List.of(), false, JMeterHome.locate(),
                            new PrintStream(log, true, StandardCharsets.UTF_8), null, 500).run();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            await("samples before the server dies", () -> jtlSamples(out.resolve("results")) >= 50 || first.isDone());
            assertFalse(first.isDone(), log.toString(StandardCharsets.UTF_8));
            ProcessHandle postmaster = server[0].serverProcess().orElseThrow();
            postmaster.destroyForcibly(); // the postmaster dies mid-cell
            StudyPipeline.Outcome outcome = first.get(5, TimeUnit.MINUTES);
            assertEquals(0, outcome.done(), log.toString(StandardCharsets.UTF_8));
            assertEquals(1, outcome.failed());
            RunStatusFile.Row row = RunStatus.open(out.resolve("run-status.csv")).rows().get(0);
            assertEquals("failed", row.status());
            assertTrue(row.reason().startsWith("the server stopped answering: "), row.reason());
            assertTrue(row.reason().contains("lost the connection"), row.reason());

            server[0].close();
            server[0].restart(Map.of()); // the same port and password, an empty data directory
            // The same cell, shorter: the resumed run need not last as long.
            Study shorter = Studies.load("smoke").withOverrides(Map.of("operation", List.of("write"), "users", List.of("4"),
                    "interval", List.of("0")), OptionalLong.of(5)).forDialect(DatabaseKind.POSTGRESQL);
            StudyPipeline.Outcome resumed = new StudyRunner(shorter, db, out, List.of(), true, JMeterHome.locate(),
                    new PrintStream(log, true, StandardCharsets.UTF_8), null, 500).run();
            assertEquals(1, resumed.done(), log.toString(StandardCharsets.UTF_8));
            assertEquals(0, resumed.skipped(), "the failed replicate is not skipped");
            assertEquals("done", RunStatus.open(out.resolve("run-status.csv")).rows().get(0).status());
        } finally {
            server[0].close();
        }
    }

    @Test
    void aStudyFileOverOneMegabyteIsOneLine(@TempDir Path dir) throws Exception {
        Path big = dir.resolve("big.yaml");
        try (var w = Files.newBufferedWriter(big)) {
            w.write("name: big\n");
            for (int i = 0; i < 40_000; i++) {
                w.write("# a comment line to make the file large .......\n");
            }
        }
        MainTest.Run r = MainTest.run("check", "--study", big.toString());
        assertEquals(2, r.status(), r.out() + r.err());
        assertEquals("dbstudy check: " + big + ": field '(file)': 1,920,010 bytes, over the 1,048,576 bytes a study file may have;"
                + " valid: a YAML study file (a study is a few kB; see docs/study-file.md)\n", r.err());
    }

    @Test
    void aDesignTooLargeToExpandIsCountedFirstAndRefusedInOneLine(@TempDir Path dir) throws Exception {
        StringBuilder yaml = new StringBuilder("name: huge\nworkload:\n  template: crud\n  parameters: {table: dbstudy_person}\n"
                + "targets:\n  - {name: postgres, dialect: postgresql, url: \"jdbc:postgresql://127.0.0.1:5432/test\", user: postgres}\n"
                + "factors:\n  operation: [read, write]\n  users: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n"
                + "  rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]\n  interval: [0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.1]\n"
                + "settings: {duration: 5}\nreplicates: 100\n");
        Path file = dir.resolve("huge.yaml");
        Files.writeString(file, yaml);
        long start = System.nanoTime();
        MainTest.Run r = MainTest.run("check", "--study", file.toString());
        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue((System.nanoTime() - start) / 1e9 < 60, "counted, not expanded");
        assertEquals("dbstudy check: " + file + ":8: field 'factors': every combination of the factors' levels times 100 replicate(s)"
                + " make 200,000 cells, over the limit of 100,000 cells; valid: fewer factors or levels, or a design that chooses"
                + " fewer cells (one factor at a time, a fractional factorial)\n", r.err());
    }

    @Test
    void aFullDiskIsOneLineNamingTheFile(@TempDir Path dir) throws Exception {
        DatabaseEndpoint pg = TestDatabases.postgres();
        Path out = dir.resolve("out");
        Files.createDirectories(out);
        // Every write to /dev/full fails with ENOSPC, as on a full disk.
        Files.createSymbolicLink(out.resolve("study.yaml"), Path.of("/dev/full"));
        MainTest.Run r = MainTest.run("run", "--study", "smoke", "--set", "operation=read", "--set", "users=2", "--duration", "3",
                "--db", "postgres", "--url", TestDatabases.urlWithPassword(pg), "--user", pg.user(), "--out", out.toString());
        assertEquals(1, r.status(), r.out() + r.err());
        assertEquals("dbstudy run: the disk is full (No space left on device) writing " + out.resolve("study.yaml")
                + "; free some space, then continue with --resume (what was written before is kept)\n", r.err());
    }

    @Test
    void aFullDiskIsRecognisedAnywhereInTheCauses() {
        String line = EnvironmentError.diskFull(new java.io.UncheckedIOException(new java.io.IOException("No space left on device")));
        assertEquals("the disk is full (No space left on device); free some space, then continue with --resume"
                + " (what was written before is kept)", line);
        assertEquals(Optional.empty(), Optional.ofNullable(EnvironmentError.diskFull(new java.io.IOException("Broken pipe"))));
    }

    /** The password reaches JMeter only through its standard input: a user that needs one runs its cell. */
    @Test
    void aPasswordInTheUrlReachesJMeterThroughAPipeAndNowhereElse(@TempDir Path out) throws Exception {
        DatabaseEndpoint maria = TestDatabases.mariadb(); // password logins: the embedded MariaDB skips grant tables
        String user = "dbstudy_pw_" + ProcessHandle.current().pid();
        String database = maria.url().replaceAll("^.*/([^/?;]+).*$", "$1");
        try (java.sql.Connection root = java.sql.DriverManager.getConnection(maria.url(), maria.user(), maria.password());
             java.sql.Statement st = root.createStatement()) {
            st.execute("CREATE USER '" + user + "'@'%' IDENTIFIED BY '" + PASSWORD + "'");
            try {
                st.execute("GRANT ALL ON `" + database + "`.* TO '" + user + "'@'%'");
                ConnectionSettings db = new ConnectionSettings(DatabaseKind.MARIADB,
                        maria.url() + (maria.url().contains("?") ? "&" : "?") + "password=" + PASSWORD, user, "");
                assertFalse(db.url().contains(PASSWORD), db.url());
                assertEquals(PASSWORD, db.password());
                Study study = Studies.load("smoke").withOverrides(Map.of("operation", List.of("read"), "users", List.of("2")),
                        OptionalLong.of(3)).forDialect(DatabaseKind.MARIADB);
                StudyRunner runner = new StudyRunner(study, db, out, List.of(), false, JMeterHome.locate(),
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), null, 1000);
                List<String> command = new CellRun(JMeterHome.locate(), out, System.out, 1000)
                        .command(out.resolve("plans/x.jmx"), out.resolve("results/x.jtl"), out.resolve("logs/x.log"), runner.jmeterArgs(true));
                assertFalse(String.join(" ", command).contains(PASSWORD), "JMeter's command line as built: " + command);
                StudyPipeline.Outcome outcome = runner.run();
                assertEquals(1, outcome.done(), "the user logged in with the password from the pipe: "
                        + RunStatus.open(out.resolve("run-status.csv")).rows());
                assertEquals(List.of(), containing(out, PASSWORD), "no file of the run (cell logs included) holds the password");
            } finally {
                st.execute("DROP USER '" + user + "'@'%'");
            }
        }
    }
}
