package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.OtherLocalUser;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.plan.PlanGenerator;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JMeter's UDP control port (StopTestNow, Shutdown, HeapDump, ThreadDump on 4445-4455) is off in the
 * JMeter a cell runs: another local user's commands do nothing, and a JMeter that ends before its
 * window by any hand but dbstudy's fails its cell instead of being recorded done.
 */
class ControlPortClosedTest {
    private static final int FIRST_PORT = 4445;
    private static final int LAST_PORT = 4455;

    @TempDir
    Path dir;

    @Test
    void anotherUsersStopTestNowAndHeapDumpDoNothingToARunningCell() throws Exception {
        OtherLocalUser.assumeAvailable();
        long window = 12;
        Cell cell = smokeCell(window);
        Path jtl = dir.resolve("cell.jtl");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CellRun run = new CellRun(JMeterHome.locate(), dir, new PrintStream(log, true, StandardCharsets.UTF_8), 500);
        CompletableFuture<CellOutcome> verdict = start(run, cell, jtl, List.of(), window);
        try {
            awaitSamples(jtl, 1, verdict, log);
            ProcessHandle jmeter = jmeter();
            Set<String> ours = inodesOf(jmeter.pid());
            List<long[]> udp = udpSockets();
            assertTrue(udp.stream().noneMatch(s -> ours.contains(Long.toString(s[1]))),
                    "the cell's JMeter listens on UDP port(s) " + udp.stream().filter(s -> ours.contains(Long.toString(s[1])))
                            .map(s -> Long.toString(s[0])).collect(Collectors.joining(", ")));
            // Every control port that is free or the cell's; one another program holds is left alone.
            List<Integer> targets = new ArrayList<>();
            for (int port = FIRST_PORT; port <= LAST_PORT; port++) {
                int p = port;
                if (udp.stream().filter(s -> s[0] == p).allMatch(s -> ours.contains(Long.toString(s[1])))) {
                    targets.add(port);
                }
            }
            System.out.println("[dbstudy] sending StopTestNow, Shutdown, HeapDump, ThreadDump as nobody to UDP " + targets
                    + " (other ports of 4445-4455 belong to other programs)");
            String ports = targets.stream().map(String::valueOf).collect(Collectors.joining(" "));
            OtherLocalUser.Result sent = OtherLocalUser.run(Duration.ofSeconds(30), "/bin/bash", "-c",
                    "for p in " + ports + "; do for c in StopTestNow Shutdown HeapDump ThreadDump; do"
                            + " printf $c > /dev/udp/127.0.0.1/$p; done; done; echo sent");
            assertEquals("sent", sent.output().trim(), sent.output());

            CellOutcome v = verdict.get(120, TimeUnit.SECONDS);
            assertTrue(v.done(), v.reason() + "\n" + log);
            double measured = measuredSeconds(jtl);
            assertTrue(measured >= window - 2, "the cell ran " + measured + " s of its " + window + " s window\n" + log);
            assertEquals(List.of(), heapDumps(dir), "heap dumps in the run folder");
            assertEquals(List.of(), heapDumps(JMeterHome.locate().home()), "heap dumps in the JMeter home");
            String jmeterLog = Files.readString(dir.resolve("logs/cell.log"), StandardCharsets.ISO_8859_1);
            assertFalse(jmeterLog.contains("Command: "), "JMeter took a command:\n" + jmeterLog);
        } finally {
            run.stop();
        }
    }

    @Test
    void aJMeterStoppedBeforeItsWindowByAnotherHandFailsItsCell() throws Exception {
        long window = 60;
        Cell cell = smokeCell(window);
        Path jtl = dir.resolve("cell.jtl");
        int port;
        try (DatagramSocket free = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        // This test opens the control port on a port of its own, to end JMeter the way the port did.
        List<String> open = List.of("-Jjmeterengine.nongui.port=" + port, "-Jjmeterengine.nongui.maxport=" + port);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CellRun run = new CellRun(JMeterHome.locate(), dir, new PrintStream(log, true, StandardCharsets.UTF_8), 500);
        CompletableFuture<CellOutcome> verdict = start(run, cell, jtl, open, window);
        try {
            awaitSamples(jtl, 5, verdict, log);
            long pid = jmeter().pid();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (udpSockets().stream().noneMatch(s -> s[0] == port && inodesOf(pid).contains(Long.toString(s[1])))) {
                assertTrue(System.nanoTime() < deadline, "JMeter did not open UDP " + port + "\n" + log);
                Thread.sleep(100);
            }
            try (DatagramSocket s = new DatagramSocket()) {
                byte[] command = "StopTestNow".getBytes(StandardCharsets.US_ASCII);
                s.send(new DatagramPacket(command, command.length, InetAddress.getLoopbackAddress(), port));
            }
            CellOutcome v = verdict.get(60, TimeUnit.SECONDS);
            assertFalse(v.done(), "a cell JMeter ended early was recorded done\n" + log);
            assertTrue(v.reason().matches("JMeter ended after \\d+\\.\\d s of its 60 s window, not stopped by dbstudy;"
                    + " see logs/cell\\.log"), v.reason());
            assertTrue(v.measures().samples() >= 5, "the samples before the stop are kept: " + v.measures().samples());
        } finally {
            run.stop();
        }
    }

    @Test
    void anEarlyEndIsJudgedFromTheEndOfSetUpNotFromJMetersStart() {
        long s = 1_000_000;
        // A full window after a 100 s setUp, and a little short of it (JMeter's and the runner's clocks).
        assertNull(CellRun.earlyEnd(s, s + 100_000, s + 100_500, s + 160_000, s + 160_300, 60));
        assertNull(CellRun.earlyEnd(s, s + 100_000, s + 100_500, s + 158_000, s + 158_500, 60));
        // 30 s after that setUp: JMeter's own start is 130 s behind, but the window was not over.
        assertEquals("JMeter ended after 25.4 s of its 60 s window, not stopped by dbstudy",
                CellRun.earlyEnd(s, s + 100_000, s + 104_000, s + 129_400, s + 130_000, 60));
        // Without a setUp sample JMeter's start is the bound; without workload samples nothing was measured.
        assertNull(CellRun.earlyEnd(s, -1, s + 3_000, s + 60_000, s + 60_100, 60));
        assertEquals("JMeter ended after 0.0 s of its 60 s window, not stopped by dbstudy",
                CellRun.earlyEnd(s, -1, -1, -1, s + 20_000, 60));
    }

    private Cell smokeCell(long window) throws Exception {
        DatabaseEndpoint pg = TestDatabases.postgres();
        Study study = Studies.load("smoke").withOverrides(Map.of("operation", List.of("read"), "users", List.of("2")),
                OptionalLong.of(window)).forDialect(DatabaseKind.POSTGRESQL).withConnection(pg.url(), pg.user());
        PlanGenerator.write(study, dir);
        Files.createDirectories(dir.resolve("logs"));
        return study.cells().get(0);
    }

    private CompletableFuture<CellOutcome> start(CellRun run, Cell cell, Path jtl, List<String> args, long window) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return run.run(cell.id(), dir.resolve(cell.planFile()), jtl, dir.resolve("logs/cell.log"), args, window,
                        new CellRun.Position(1, 1, System.nanoTime(), 0));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** Waits until the JTL holds {@code n} workload samples: the cell is measuring. */
    private static void awaitSamples(Path jtl, int n, CompletableFuture<CellOutcome> verdict, ByteArrayOutputStream log)
            throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (workload(jtl).size() < n && System.nanoTime() < deadline && !verdict.isDone()) {
            Thread.sleep(100);
        }
        assertFalse(verdict.isDone(), "the cell ended before it measured: " + log);
        assertTrue(workload(jtl).size() >= n, "no samples within 90 s: " + log);
    }

    /** This test's JMeter: a child of this JVM running a plan in this test's folder. */
    private ProcessHandle jmeter() {
        return ProcessHandle.current().children().filter(p -> p.info().commandLine().orElse("").contains("ApacheJMeter.jar")
                && p.info().commandLine().orElse("").contains(dir.toString())).findFirst().orElseThrow();
    }

    /** The socket inodes among a process's open files. */
    private static Set<String> inodesOf(long pid) {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds.toList()) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring("socket:[".length(), target.length() - 1));
                    }
                } catch (IOException e) {
                    // Closed since it was listed.
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot list /proc/" + pid + "/fd", e);
        }
        return inodes;
    }

    /** Every bound UDP socket of this network namespace as {local port, inode}, from /proc/net/udp and udp6. */
    private static List<long[]> udpSockets() throws IOException {
        List<long[]> sockets = new ArrayList<>();
        for (String table : List.of("/proc/net/udp", "/proc/net/udp6")) {
            List<String> lines = Files.readAllLines(Path.of(table));
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                String local = f[1];
                sockets.add(new long[] {Long.parseLong(local.substring(local.indexOf(':') + 1), 16), Long.parseLong(f[9])});
            }
        }
        return sockets;
    }

    private static List<String> workload(Path jtl) throws IOException {
        if (!Files.exists(jtl)) {
            return List.of();
        }
        return Files.readAllLines(jtl).stream().filter(l -> l.contains(",read,")).toList();
    }

    /** The JTL's workload window: the first sample's start to the last one's end, in seconds. */
    private static double measuredSeconds(Path jtl) throws IOException {
        List<String> lines = Files.readAllLines(jtl);
        List<String> header = List.of(lines.get(0).split(","));
        int stamp = header.indexOf("timeStamp");
        int elapsed = header.indexOf("elapsed");
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (String line : workload(jtl)) {
            String[] f = line.split(",");
            long start = Long.parseLong(f[stamp]);
            first = Math.min(first, start);
            last = Math.max(last, start + Long.parseLong(f[elapsed]));
        }
        return (last - first) / 1000.0;
    }

    private static List<Path> heapDumps(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".hprof")).toList();
        }
    }
}
