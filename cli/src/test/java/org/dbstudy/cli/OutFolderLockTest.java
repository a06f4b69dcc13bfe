package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.dbstudy.cli.run.RunFolderLock;
import org.dbstudy.vocabulary.ServerJournalFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 46: {@code generate --out} into a live run replaced its plans (its remaining cells failed) and
 * {@code restore --out} reset a setting mid-cell. Both now honour the run's folder lock: one line naming the
 * run, exit 2, and nothing in the folder changed. The live run is a child process that holds the lock as
 * {@code run} does ({@link RunFolderLock#acquire}).
 */
class OutFolderLockTest {

    @Test
    void generateIntoALiveRunsFolderIsRefusedAndItsPlansAreKept(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        assertEquals(0, MainTest.run("generate", "--study", "smoke", "--out", out.toString()).status());
        Map<Path, String> before = contents(out);
        assertTrue(before.keySet().stream().anyMatch(p -> p.toString().endsWith(".jmx")), before.keySet().toString());
        Process run = holdLock(out);
        try {
            MainTest.Run r = MainTest.run("generate", "--study", "smoke", "--set", "users=3", "--out", out.toString());
            assertEquals(2, r.status(), r.out() + r.err());
            assertEquals("dbstudy generate: " + inUse(out, run), r.err());
            assertEquals(before, contents(out), "the live run's plans and manifest are as they were");
        } finally {
            release(run);
        }
        // The run ended: the folder is free again.
        assertEquals(0, MainTest.run("generate", "--study", "smoke", "--out", out.toString()).status());
    }

    @Test
    void restoreIntoALiveRunsFolderIsRefusedAndItsJournalIsKept(@TempDir Path dir) throws Exception {
        Path out = Files.createDirectory(dir.resolve("out"));
        // A live run mid-cell: its journal says work_mem is changed (and must stay so until the run restores it).
        // The server is never reached: the refusal comes first.
        ServerJournalFile.write(out.resolve(ServerJournalFile.FILE_NAME), List.of(new ServerJournalFile.Row("postgresql",
                "jdbc:postgresql://127.0.0.1:9/none", "postgres", "work_mem", "4MB", "kB", true, false,
                "ALTER SYSTEM + reload", ServerJournalFile.CHANGED, "2026-01-01T00:00:00Z")));
        Map<Path, String> before = contents(out);
        Process run = holdLock(out);
        try {
            MainTest.Run r = MainTest.run("restore", "--out", out.toString());
            assertEquals(2, r.status(), r.out() + r.err());
            assertEquals("dbstudy restore: " + inUse(out, run), r.err());
            assertEquals("", r.out());
            assertEquals(before, contents(out), "the live run's journal is as it was");
        } finally {
            release(run);
        }
    }

    /** What {@link RunFolderLock} says of a folder {@code holder} holds. */
    private static String inUse(Path out, Process holder) {
        return "--out " + out + " is in use by another dbstudy run (PID " + holder.pid() + ", started "
                + holder.info().startInstant().orElseThrow() + "); wait for it to end, or give another --out\n";
    }

    /** Every file under {@code dir} but the lock file, with its content. */
    private static Map<Path, String> contents(Path dir) throws IOException {
        Map<Path, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path f : walk.filter(Files::isRegularFile).toList()) {
                if (!f.getFileName().toString().equals("run.lock")) {
                    files.put(dir.relativize(f), Files.readString(f, StandardCharsets.ISO_8859_1));
                }
            }
        }
        return files;
    }

    /** A child process holding {@code out}'s lock as a live run does; it says so on its first line. */
    private static Process holdLock(Path out) throws IOException {
        Process p = new ProcessBuilder(ProcessHandle.current().info().command().orElse("java"), "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                LiveRun.class.getName(), out.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String first = new String(p.getInputStream().readNBytes(LiveRun.HOLDING.length()), StandardCharsets.UTF_8);
        assertEquals(LiveRun.HOLDING, first, "the child took the lock");
        return p;
    }

    private static void release(Process run) throws Exception {
        run.getOutputStream().close();
        assertEquals(0, run.waitFor());
    }

    /** Holds a run folder's lock until its standard input closes. */
    public static final class LiveRun {
        static final String HOLDING = "holding\n";

        public static void main(String[] args) throws IOException {
            try (RunFolderLock lock = RunFolderLock.acquire(Path.of(args[0]), new PrintStream(System.err, true,
                    StandardCharsets.UTF_8))) {
                System.err.println("a live run holds " + lock.folder());
                System.out.print(HOLDING);
                System.out.flush();
                System.in.readAllBytes();
            }
        }
    }
}
