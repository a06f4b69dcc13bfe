package org.dbstudy.databases;

import java.io.IOException;
import java.io.UncheckedIOException;

/** A PostgreSQL server started in-process from Maven Central binaries (zonky); stop it with close(). */
public final class EmbeddedPostgres implements AutoCloseable {
    private final io.zonky.test.db.postgres.embedded.EmbeddedPostgres server;

    private EmbeddedPostgres(io.zonky.test.db.postgres.embedded.EmbeddedPostgres server) {
        this.server = server;
    }

    /** Starts a server on the given port (0 picks a free one). */
    public static EmbeddedPostgres start(int port) {
        try {
            var builder = io.zonky.test.db.postgres.embedded.EmbeddedPostgres.builder()
                    // Enough connections for the contention studies' client counts.
                    .setServerConfig("max_connections", "300");
            if (port > 0) {
                builder.setPort(port);
            }
            return new EmbeddedPostgres(builder.start());
        } catch (IOException e) {
            throw new UncheckedIOException("could not start embedded PostgreSQL: " + e.getMessage(), e);
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
