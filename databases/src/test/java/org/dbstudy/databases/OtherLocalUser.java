package org.dbstudy.databases;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs a command as another local user ({@code nobody}, uid and gid 65534, no supplementary groups), as an
 * attacker who shares the machine would: for tests that show a door of dbstudy's is shut to others. It needs
 * root (to drop to that user) and util-linux's {@code setpriv}; without them the test is skipped with a line
 * that says so, never silently. The command gets an empty environment but {@code PATH}, and a bounded time.
 */
public final class OtherLocalUser {
    public static final int UID = 65534;

    /** What the command did: its exit status and its output and error streams together. */
    public record Result(int status, String output) {
        public boolean succeeded() {
            return status == 0;
        }
    }

    private OtherLocalUser() {
    }

    /** Skips the calling test, with a line on stderr, unless commands can be run as another user here. */
    public static void assumeAvailable() {
        String why = unavailable();
        if (why != null) {
            System.err.println("[dbstudy] skipped: a test as another local user needs " + why);
        }
        Assumptions.assumeTrue(why == null, () -> "a test as another local user needs " + why);
    }

    private static String unavailable() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "root, to drop to uid " + UID + " (this JVM runs as " + System.getProperty("user.name") + ")";
        }
        if (!new java.io.File("/usr/bin/setpriv").canExecute()) {
            return "/usr/bin/setpriv (util-linux)";
        }
        return null;
    }

    /** Runs {@code command} as uid/gid 65534 with {@code timeout}, from {@code /}. */
    public static Result run(Duration timeout, String... command) {
        assumeAvailable();
        List<String> argv = new ArrayList<>(List.of("/usr/bin/setpriv", "--reuid=" + UID, "--regid=" + UID,
                "--clear-groups", "--"));
        argv.addAll(List.of(command));
        return Commands.run(argv, timeout);
    }

    /** Runs {@code script} with {@code sh -c} as the other user. */
    public static Result shell(Duration timeout, String script) {
        return run(timeout, "/bin/sh", "-c", script);
    }

    /** Starting and reaping a short command; shared with {@link SecondNetworkNamespace}. */
    static final class Commands {
        private Commands() {
        }

        static Result run(List<String> argv, Duration timeout) {
            ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(true)
                    .directory(new java.io.File("/"));
            builder.environment().clear();
            builder.environment().put("PATH", "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin");
            try {
                Process process = builder.start();
                process.getOutputStream().close();
                // Read on another thread so a chatty command cannot block on a full pipe.
                var output = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                    try {
                        return new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    } catch (IOException e) {
                        return "(output unreadable: " + e.getMessage() + ")";
                    }
                });
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly().waitFor();
                    return new Result(124, output.getNow("") + "\n(timed out after " + timeout + ")");
                }
                return new Result(process.exitValue(), output.join());
            } catch (IOException e) {
                throw new IllegalStateException("could not run " + argv + ": " + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while running " + argv, e);
            }
        }
    }
}
