package org.dbstudy.cli;

import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.EmbeddedMariaDb;
import org.dbstudy.databases.EmbeddedPostgres;

/** A database started for a run ({@code --db embedded-postgres|embedded-mariadb}) and stopped after it. */
final class EmbeddedTarget implements AutoCloseable {
    private final AutoCloseable server;
    private final ConnectionSettings settings;

    private EmbeddedTarget(AutoCloseable server, DatabaseEndpoint endpoint, String dialect) {
        this.server = server;
        this.settings = new ConnectionSettings(dialect, endpoint.url(), endpoint.user(), endpoint.password());
    }

    static EmbeddedTarget start(String db, int port) {
        if (db.startsWith("embedded-postgres")) {
            EmbeddedPostgres pg = EmbeddedPostgres.start(port);
            return new EmbeddedTarget(pg, pg.endpoint(), "postgresql");
        }
        EmbeddedMariaDb maria = EmbeddedMariaDb.start(port);
        return new EmbeddedTarget(maria, maria.endpoint(), "mariadb");
    }

    ConnectionSettings settings() { return settings; }

    @Override
    public void close() throws Exception {
        server.close();
    }
}
