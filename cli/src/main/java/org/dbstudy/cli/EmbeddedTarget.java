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

    /** The PostgreSQL majors {@code --db embedded-postgres:N} offers besides the default (15). */
    static final java.util.List<String> POSTGRES_MAJORS = java.util.List.of("13", "14", "15", "16", "17");

    /**
     * Starts the server with the durability of a normally installed one, changed only by the study's
     * {@code server_settings} for this database ({@code Study.serverSettings(dialect)}).
     */
    static EmbeddedTarget start(String db, int port, java.util.Map<String, String> serverSettings) {
        if (db.startsWith("embedded-postgres")) {
            EmbeddedPostgres pg = EmbeddedPostgres.start(port, postgresBinaries(db), serverSettings);
            return new EmbeddedTarget(pg, pg.endpoint(), "postgresql");
        }
        EmbeddedMariaDb maria = EmbeddedMariaDb.start(port, serverSettings);
        return new EmbeddedTarget(maria, maria.endpoint(), "mariadb");
    }

    /** Null for the default major (on the class path), else the binaries jar the cli build copied. */
    private static java.nio.file.Path postgresBinaries(String db) {
        String major = db.contains(":") ? db.substring(db.indexOf(':') + 1) : "15";
        if (!POSTGRES_MAJORS.contains(major)) {
            throw new UserError("--db " + db + ": PostgreSQL " + major + " is not offered; pick one of " + POSTGRES_MAJORS);
        }
        if ("15".equals(major)) {
            return null;
        }
        java.nio.file.Path jar = JMeterHome.root().resolve("cli/target/pg-binaries/postgres-" + major + ".jar");
        if (!java.nio.file.Files.isRegularFile(jar)) {
            throw new UserError("no PostgreSQL " + major + " binaries at " + jar + "; run 'mvn -q install -DskipTests' first");
        }
        return jar;
    }

    ConnectionSettings settings() { return settings; }

    @Override
    public void close() throws Exception {
        server.close();
    }
}
