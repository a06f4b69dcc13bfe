package org.dbstudy.databases.settings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.dbstudy.databases.DatabaseEndpoint;

/**
 * Restarts a server the user runs, with a shell command the target names ({@code targets[].restart}
 * or {@code --restart-command}), e.g. {@code sudo systemctl restart postgresql}. PostgreSQL's
 * restart-needing settings are already in {@code postgresql.auto.conf} ({@code ALTER SYSTEM}); for
 * MySQL/MariaDB, whose static variables have no such file, the command gets them in the environment
 * variable {@value #SETTINGS_VARIABLE} as {@code --name=value} options separated by spaces (empty: start
 * as configured) and must start the server with them. Then it waits until the server accepts connections.
 */
public final class CommandRestart implements ServerRestart {
    public static final String SETTINGS_VARIABLE = "DBSTUDY_SERVER_OPTIONS";
    private static final long COMMAND_TIMEOUT_SECONDS = 300;
    private static final long CONNECT_TIMEOUT_MILLIS = 120_000;

    private final String command;
    private final DatabaseEndpoint endpoint;

    public CommandRestart(String command, DatabaseEndpoint endpoint) {
        this.command = command;
        this.endpoint = endpoint;
    }

    @Override
    public void restart(Map<String, String> startupSettings) {
        ProcessBuilder pb = new ProcessBuilder(List.of("sh", "-c", command)).redirectErrorStream(true);
        pb.environment().put(SETTINGS_VARIABLE, startupSettings.entrySet().stream()
                .map(e -> "--" + e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")));
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            byte[] output = p.getInputStream().readAllBytes();
            if (!p.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new RestartFailedException(describe() + " did not finish in " + COMMAND_TIMEOUT_SECONDS + " s", null);
            }
            if (p.exitValue() != 0) {
                String text = new String(output, StandardCharsets.UTF_8).strip();
                throw new RestartFailedException(describe() + " failed with exit code " + p.exitValue()
                        + (text.isEmpty() ? "" : ": " + text.substring(Math.max(0, text.length() - 500))), null);
            }
        } catch (IOException e) {
            throw new RestartFailedException(describe() + " could not start: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RestartFailedException(describe() + " was interrupted", e);
        }
        awaitConnections(endpoint, CONNECT_TIMEOUT_MILLIS, describe());
    }

    /** Waits until the server accepts a connection, or fails naming what restarted it. */
    static void awaitConnections(DatabaseEndpoint endpoint, long timeoutMillis, String what) {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        SQLException last = null;
        while (System.currentTimeMillis() < deadline) {
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
        throw new RestartFailedException("after " + what + ", the server at " + org.dbstudy.vocabulary.JdbcUrls.redact(endpoint.url())
                + " does not accept connections" + (last == null ? "" : ": " + last.getMessage()), last);
    }

    @Override
    public String describe() {
        return "restart command '" + command + "'";
    }
}
