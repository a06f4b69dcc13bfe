package org.dbstudy.databases.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.ServerRestart;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The restart command's time limit and Ctrl-C: a hung command (a {@code sleep 400} in the background
 * of its shell, holding the output open, as a server started without a log file does) is killed with its
 * child at the limit or at {@link CommandRestart#interrupt()}, not after 400 s; the failure is one line.
 */
class CommandRestartTest {
    private static final DatabaseEndpoint NOWHERE = new DatabaseEndpoint(DatabaseKind.POSTGRESQL,
            "jdbc:postgresql://127.0.0.1:1/x", "u", "", "test");

    @Test
    void aCommandPastItsTimeoutIsKilledWithItsChildrenAndFailsInOneLine(@TempDir Path dir) throws Exception {
        Path pid = dir.resolve("sleep.pid");
        String command = "sleep 400 & echo $! > " + pid + "; wait";
        CommandRestart restart = new CommandRestart(command, NOWHERE, 2);
        long start = System.nanoTime();
        ServerRestart.RestartFailedException e = assertThrows(ServerRestart.RestartFailedException.class,
                () -> restart.restart(Map.of()));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        assertEquals("restart command '" + command + "' did not finish within 2 s (--restart-timeout);"
                + " it and its child processes were stopped", e.getMessage());
        assertTrue(seconds >= 2 && seconds < 60, "failed after " + seconds + " s, not after the 2 s limit (or 400 s)");
        assertChildGone(pid);
    }

    @Test
    void interruptStopsARestartUnderWayAndEveryLaterOne(@TempDir Path dir) throws Exception {
        Path pid = dir.resolve("sleep.pid");
        String command = "sleep 400 & echo $! > " + pid + "; wait";
        CommandRestart restart = new CommandRestart(command, NOWHERE, 600);
        CompletableFuture<Throwable> failure = CompletableFuture.supplyAsync(() -> {
            try {
                restart.restart(Map.of());
                return null;
            } catch (RuntimeException e) {
                return e;
            }
        });
        // The command runs once its child has written its pid (no fixed sleep).
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!(Files.isRegularFile(pid) && !Files.readString(pid).isBlank()) && System.nanoTime() < deadline) {
            Thread.onSpinWait();
            Thread.sleep(20);
        }
        assertTrue(Files.isRegularFile(pid), "the command never started");
        restart.interrupt();
        Throwable e = failure.get(30, TimeUnit.SECONDS);
        assertTrue(e instanceof ServerRestart.RestartFailedException, String.valueOf(e));
        assertEquals("restart command '" + command + "' was interrupted; it and its child processes were stopped",
                e.getMessage());
        assertChildGone(pid);
        ServerRestart.RestartFailedException later = assertThrows(ServerRestart.RestartFailedException.class,
                () -> restart.restart(Map.of()));
        assertEquals("restart command '" + command + "' was not run: the run was interrupted", later.getMessage());
    }

    @Test
    void theOutputOfAFailedCommandEndsItsMessageEvenWhenABackgroundChildKeepsTheOutputOpen(@TempDir Path dir)
            throws Exception {
        // The old reader waited for the end of the output: a child holding it open held the restart.
        Path pid = dir.resolve("sleep.pid");
        String command = "sleep 400 & echo $! > " + pid + "; echo server did not start; exit 4";
        CommandRestart restart = new CommandRestart(command, NOWHERE, 60);
        long start = System.nanoTime();
        try {
            ServerRestart.RestartFailedException e = assertThrows(ServerRestart.RestartFailedException.class,
                    () -> restart.restart(Map.of()));
            assertEquals("restart command '" + command + "' failed with exit code 4: server did not start", e.getMessage());
            assertTrue(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start) < 60);
        } finally {
            ProcessHandle.of(Long.parseLong(Files.readString(pid).strip())).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void aTimeoutMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new CommandRestart("true", NOWHERE, 0));
    }

    private static void assertChildGone(Path pidFile) throws Exception {
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        var handle = ProcessHandle.of(pid);
        if (handle.isPresent()) {
            // Killed: it is gone as soon as the kernel has reaped it.
            assertTrue(handle.get().onExit().get(10, TimeUnit.SECONDS) != null);
        }
        assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "sleep " + pid + " still runs");
    }
}
