package org.dbstudy.databases.settings;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.dbstudy.databases.ChildWatch;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.ServerRestart;
import org.dbstudy.vocabulary.JdbcUrls;

/**
 * Restarts a server the user runs, with a shell command the target names ({@code targets[].restart}
 * or {@code --restart-command}), e.g. {@code sudo systemctl restart postgresql}. PostgreSQL's
 * restart-needing settings are already in {@code postgresql.auto.conf} ({@code ALTER SYSTEM}); for
 * MySQL/MariaDB, whose static variables have no such file, the command gets them in the environment
 * variable {@value #SETTINGS_VARIABLE} as {@code --name=value} options separated by spaces (empty: start
 * as configured) and must start the server with them. Then it waits until the server accepts connections.
 *
 * <p>The command has a time limit ({@link #DEFAULT_TIMEOUT_SECONDS} unless given): its output is read on a
 * thread of its own (a server it starts in the background may keep the output open for good), and at the
 * limit, or at {@link #interrupt()}, the command and every process it started are killed.
 *
 * <p>A {@link ChildWatch} is told of the command before it runs its first word: the shell waits for a line
 * on its standard input, written only once the watch knows it, so a runner killed in between leaves nothing
 * running (the shell reads the end of its input and exits).
 */
public final class CommandRestart implements ServerRestart {
    public static final String SETTINGS_VARIABLE = "DBSTUDY_SERVER_OPTIONS";
    /** A restart that takes longer is taken as hung: a server with a large buffer pool starts well within it. */
    public static final long DEFAULT_TIMEOUT_SECONDS = 300;
    private static final long CONNECT_TIMEOUT_MILLIS = 120_000;
    /** How much of the command's output a failure message shows (its end). */
    private static final int OUTPUT_SHOWN = 500;
    /** Runs its first argument as a shell command once a line arrives on standard input; at end of input, nothing. */
    private static final String GATE = "IFS= read -r go || exit 125; exec sh -c \"$1\"";

    private final String command;
    private final DatabaseEndpoint endpoint;
    private final long timeoutSeconds;
    private volatile Process running;
    private volatile boolean interrupted;
    private ChildWatch watch = ChildWatch.NONE;

    public CommandRestart(String command, DatabaseEndpoint endpoint) {
        this(command, endpoint, DEFAULT_TIMEOUT_SECONDS);
    }

    /** @param timeoutSeconds how long the command may run before it and its children are killed */
    public CommandRestart(String command, DatabaseEndpoint endpoint, long timeoutSeconds) {
        if (timeoutSeconds <= 0) {
            throw new IllegalArgumentException("restart timeout must be positive, got " + timeoutSeconds);
        }
        this.command = command;
        this.endpoint = endpoint;
        this.timeoutSeconds = timeoutSeconds;
    }

    /** Told of each run of the command before it starts its work, and when it ends. */
    public CommandRestart watch(ChildWatch watched) {
        this.watch = watched;
        return this;
    }

    @Override
    public void restart(Map<String, String> startupSettings) {
        if (interrupted) {
            throw new RestartFailedException(describe() + " was not run: the run was interrupted", null);
        }
        ProcessBuilder pb = new ProcessBuilder(List.of("sh", "-c", GATE, "dbstudy-restart-command", command))
                .redirectErrorStream(true);
        pb.environment().put(SETTINGS_VARIABLE, startupSettings.entrySet().stream()
                .map(e -> "--" + e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")));
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new RestartFailedException(describe() + " could not start: " + e.getMessage(), e);
        }
        running = p;
        try {
            try {
                watch.commandStarted(p.toHandle(), describe());
            } catch (RuntimeException e) {
                p.destroyForcibly(); // not watched: it must not run
                throw new RestartFailedException(describe() + " was not run: " + e.getMessage(), e);
            }
            try (var go = p.getOutputStream()) {
                go.write('\n'); // the watch knows it: the command may run (its input then ends, as before)
            } catch (IOException e) {
                // The shell is gone already: its exit status says why.
            }
            OutputTail output = OutputTail.start(p.getInputStream());
            boolean finished;
            try {
                finished = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                finished = false;
                interrupted = true;
            }
            if (interrupted) {
                killTree(p);
                throw new RestartFailedException(describe() + " was interrupted; it and its child processes were stopped", null);
            }
            if (!finished) {
                killTree(p);
                throw new RestartFailedException(describe() + " did not finish within " + timeoutSeconds
                        + " s (--restart-timeout); it and its child processes were stopped", null);
            }
            if (p.exitValue() != 0) {
                String text = output.text();
                throw new RestartFailedException(describe() + " failed with exit code " + p.exitValue()
                        + (text.isEmpty() ? "" : ": " + text), null);
            }
        } finally {
            running = null;
            watch.commandEnded(p.toHandle());
        }
        awaitConnections(endpoint, CONNECT_TIMEOUT_MILLIS, describe());
    }

    @Override
    public void interrupt() {
        Process p = running;
        if (p != null) {
            interrupted = true;
            killTree(p);
        }
    }

    /** Kills the command and all it started (children first, listed while the shell still holds them). */
    private static void killTree(Process p) {
        List<ProcessHandle> children = p.descendants().toList();
        p.destroyForcibly();
        children.forEach(ProcessHandle::destroyForcibly);
    }

    /** Waits until the server accepts a connection, or fails naming what restarted it. */
    void awaitConnections(DatabaseEndpoint endpoint, long timeoutMillis, String what) {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        SQLException last = null;
        while (System.currentTimeMillis() < deadline && !interrupted) {
            try (Connection c = endpoint.connect()) {
                if (c.isValid(5)) {
                    return;
                }
            } catch (SQLException e) {
                last = e;
            }
            try {
                Thread.sleep(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        throw new RestartFailedException("after " + what + ", the server at " + JdbcUrls.redact(endpoint.url())
                + " does not accept connections" + (last == null ? "" : ": " + last.getMessage()), last);
    }

    @Override
    public String describe() {
        return "restart command '" + command + "'";
    }

    /** The end of a process's output, read on a daemon thread so that waiting never depends on it. */
    private static final class OutputTail {
        private final StringBuilder tail = new StringBuilder();
        private final Thread reader;

        private OutputTail(InputStream in) {
            reader = new Thread(() -> read(in), "dbstudy-restart-command-output");
            reader.setDaemon(true);
        }

        static OutputTail start(InputStream in) {
            OutputTail t = new OutputTail(in);
            t.reader.start();
            return t;
        }

        private void read(InputStream in) {
            byte[] buffer = new byte[4096];
            try (in) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    synchronized (tail) {
                        tail.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                        if (tail.length() > 4 * OUTPUT_SHOWN) {
                            tail.delete(0, tail.length() - OUTPUT_SHOWN);
                        }
                    }
                }
            } catch (IOException closed) {
                // The process is gone or killed: what was read is kept.
            }
        }

        /** What was read, its last {@value #OUTPUT_SHOWN} characters; waits a moment for the last bytes of a finished command. */
        String text() {
            try {
                reader.join(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            synchronized (tail) {
                String text = tail.toString().strip();
                return text.substring(Math.max(0, text.length() - OUTPUT_SHOWN));
            }
        }
    }
}
