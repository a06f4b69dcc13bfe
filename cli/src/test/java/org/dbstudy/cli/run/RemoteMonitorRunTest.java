package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dbstudy.cli.Main;
import org.dbstudy.cli.MainTest;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.monitor.MonitorToken;
import org.dbstudy.vocabulary.MonitorAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The monitor beside every cell on the other two paths: a study run whose database host is read by a
 * {@code dbstudy monitor} started as a process of its own (on loopback, as it would run on the server's
 * host). {@code mvn verify} runs its cells with the same runner ({@link org.dbstudy.cli.maven.MavenStudy}).
 */
class RemoteMonitorRunTest {
    private static final String TABLE = "dbstudy_remote_monitor_test";
    private static final String STUDY = """
            name: remote-monitor
            workload: {template: crud, parameters: {table: %s}}
            factors:
              operation: [read, write]
              users: [4]
              interval: [0.1]
              rows: [1]
            settings: {duration: 3, rest: 0}
            """.formatted(TABLE);

    @TempDir
    Path dir;

    @Test
    void aStudyReadsTheServersHostFromDbstudyMonitorInAProcessOfItsOwn() throws Exception {
        DatabaseEndpoint pg = TestDatabases.postgres();
        ConnectionSettings db = new ConnectionSettings(DatabaseKind.POSTGRESQL, pg.url(), pg.user(), pg.password());
        Study study = Studies.parse("remote.yaml", STUDY).forDialect(DatabaseKind.POSTGRESQL);
        Path tokenFile = dir.resolve("private").resolve("monitor-token");
        Process monitor = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "monitor", "--port", "0",
                "--token-file", tokenFile.toString()).redirectErrorStream(true).start();
        try {
            StringBuilder printed = new StringBuilder();
            MonitorAddress address = listeningAt(monitor, printed);
            // The token the monitor made: in a file only its owner reads, never on its command line or output.
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(tokenFile)));
            MonitorToken token = MonitorToken.read(tokenFile);
            String secret = Files.readString(tokenFile).strip();
            // What ps shows (ProcessHandle.Info gives no arguments for a command line this long).
            String argv = new String(Files.readAllBytes(Path.of("/proc/" + monitor.pid() + "/cmdline")),
                    StandardCharsets.UTF_8).replace('\0', ' ');
            assertTrue(argv.contains("--token-file"), argv);
            assertFalse(argv.contains(secret), "the token is not in the monitor's argv: " + argv);
            assertFalse(printed.toString().contains(secret), printed.toString());
            Path out = dir.resolve("run");
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            StudyPipeline.Outcome outcome = new StudyRunner(study, db, out, List.of(), false, JMeterHome.locate(),
                    new PrintStream(log, true, StandardCharsets.UTF_8), null, 60_000).monitorAt(address, token).run();
            String text = log.toString(StandardCharsets.UTF_8);
            assertFalse(text.contains(secret), "the token is not in the run's output");
            assertEquals(List.of(), containing(out, secret), "nor in any file of the run folder");
            assertEquals(2, outcome.done(), text);
            assertTrue(text.contains("read by 'dbstudy monitor' at " + address), text);
            assertFalse(text.contains("  monitor: "), "nothing the monitor could not read: " + text);
            for (Cell cell : study.cells()) {
                Set<String> metrics = metrics(out.resolve("monitor").resolve(base(cell) + ".csv"));
                assertTrue(metrics.containsAll(Set.of("host/cpu_user_pct", "host/cpus", "host/mem_used_bytes",
                        "server/cpu_pct", "server/rss_bytes", "database/commits", "database/sessions_active")),
                        cell.id() + ": " + metrics);
            }
            // The report has the monitor's columns in summary.csv and its figure beside response times.
            String summary = Files.readString(out.resolve("report").resolve("summary.csv"));
            assertTrue(summary.lines().findFirst().orElseThrow().contains("host_cpu_mean_pct"), summary);
            assertTrue(Files.exists(out.resolve("report").resolve("server-over-time-1.png")));
        } finally {
            monitor.destroy();
            assertTrue(monitor.waitFor(30, TimeUnit.SECONDS), "dbstudy monitor stops on SIGTERM");
            dropTable(db);
        }
    }

    @Test
    void aBadPortOrAddressIsAUserError() {
        MainTest.Run r = MainTest.run("monitor", "--port", "70000");
        assertEquals(Main.USER_ERROR, r.status());
        assertTrue(r.err().contains("--port 70000: give a TCP port"), r.err());
        MainTest.Run bad = MainTest.run("run", "--study", "smoke", "--db", "postgres", "--monitor", "db1");
        assertEquals(Main.USER_ERROR, bad.status());
        assertTrue(bad.err().contains("--monitor 'db1' is not HOST:PORT; valid: HOST:PORT"), bad.err());
    }

    @Test
    void aMonitorWithoutItsTokenIsAUserErrorAndAPublicTokenFileIsRefused() throws Exception {
        Path missing = dir.resolve("no-token");
        MainTest.Run none = MainTest.run("run", "--study", "smoke", "--db", "postgres", "--out", dir.resolve("out").toString(),
                "--monitor", "127.0.0.1:7070", "--monitor-token-file", missing.toString());
        assertEquals(Main.USER_ERROR, none.status(), none.err());
        assertTrue(none.err().contains("--monitor-token-file " + missing + ": no such file; the monitor at 127.0.0.1:7070"
                + " answers only with the token"), none.err());
        Path shared = dir.resolve("shared-token");
        MonitorToken.generate().write(shared);
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rw-r--r--"));
        MainTest.Run open = MainTest.run("run", "--study", "smoke", "--db", "postgres", "--out", dir.resolve("out2").toString(),
                "--monitor", "127.0.0.1:7070", "--monitor-token-file", shared.toString());
        assertEquals(Main.USER_ERROR, open.status(), open.err());
        assertTrue(open.err().contains("chmod 600 " + shared), open.err());
        assertFalse(open.err().contains("Exception"), open.err());
    }

    /** The address the process prints once it listens (after the line on its token); what it printed goes to {@code seen}. */
    private static MonitorAddress listeningAt(Process monitor, StringBuilder seen) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(monitor.getInputStream(), StandardCharsets.UTF_8));
        Pattern line = Pattern.compile("dbstudy monitor on ([^ ;]+:\\d+);.*");
        MonitorAddress address = null;
        for (String l = out.readLine(); l != null; l = out.readLine()) {
            seen.append(l).append('\n');
            Matcher m = line.matcher(l);
            if (m.matches()) {
                address = MonitorAddress.parse(m.group(1));
            } else if (address != null && l.startsWith("its token: ")) {
                return address;
            }
        }
        throw new AssertionError("dbstudy monitor ended without listening:\n" + seen);
    }

    /** Every file under {@code dir} that contains {@code text}. */
    private static List<Path> containing(Path dir, String text) throws Exception {
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            List<Path> out = new java.util.ArrayList<>();
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                if (new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1).contains(text)) {
                    out.add(f);
                }
            }
            return out;
        }
    }

    private static Set<String> metrics(Path file) throws Exception {
        List<String> lines = Files.readAllLines(file);
        assertEquals("timeStamp,source,metric,value,unit", lines.get(0));
        Set<String> out = new TreeSet<>();
        lines.subList(1, lines.size()).forEach(l -> out.add(l.split(",")[1] + "/" + l.split(",")[2]));
        return out;
    }

    private static String base(Cell cell) {
        String plan = cell.planFile();
        return plan.substring(plan.lastIndexOf('/') + 1).replace(".jmx", "");
    }

    private static void dropTable(ConnectionSettings db) throws Exception {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + TABLE);
        }
    }
}
