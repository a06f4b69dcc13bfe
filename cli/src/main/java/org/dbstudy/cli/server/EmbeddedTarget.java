package org.dbstudy.cli.server;

import org.dbstudy.cli.failure.UserError;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.EmbeddedMariaDb;
import org.dbstudy.databases.EmbeddedPostgres;
import org.dbstudy.vocabulary.DatabaseKind;

/** A database started for a run ({@code --db embedded-postgres|embedded-mariadb}) and stopped after it. */
public final class EmbeddedTarget implements AutoCloseable {
    /** Stops the server; neither embedded server throws a checked exception when it stops. */
    private final Runnable stop;
    /** The server's process now (another after a restart), empty once stopped. */
    private final java.util.function.Supplier<java.util.Optional<ProcessHandle>> process;
    private final ConnectionSettings settings;
    private final org.dbstudy.databases.ServerRestart restart;

    private EmbeddedTarget(Runnable stop, java.util.function.Supplier<java.util.Optional<ProcessHandle>> process,
                           DatabaseEndpoint endpoint, org.dbstudy.databases.ServerRestart restart) {
        this.stop = stop;
        this.process = process;
        this.restart = restart;
        this.settings = new ConnectionSettings(endpoint.kind(), endpoint.url(), endpoint.user(), endpoint.password());
    }

    /** The PostgreSQL majors {@code --db embedded-postgres:N} offers besides the default (15). */
    static final java.util.List<String> POSTGRES_MAJORS = java.util.List.of("13", "14", "15", "16", "17");

    /** As {@link #start(String, int, java.util.Map, org.dbstudy.databases.ChildWatch)}, watched by nobody. */
    public static EmbeddedTarget start(String db, int port, java.util.Map<String, String> studySettings) {
        return start(db, port, studySettings, org.dbstudy.databases.ChildWatch.NONE);
    }

    /**
     * Starts the server with the durability of a normally installed one, changed only by the study's
     * {@code server_settings} for this database ({@code Study.serverSettings(kind)}), max_connections
     * with the monitor's slot added ({@link MonitorSlot}); {@code watch} is told of each server's folder
     * before its first process starts, at this start and at each restart.
     */
    public static EmbeddedTarget start(String db, int port, java.util.Map<String, String> studySettings,
                                       org.dbstudy.databases.ChildWatch watch) {
        java.util.Map<String, String> serverSettings = MonitorSlot.withMonitorSlot(studySettings);
        DatabaseKind kind = Targets.kindOf(db);
        return switch (kind) {
            case POSTGRESQL -> {
                EmbeddedPostgres pg = EmbeddedPostgres.start(port, postgresBinaries(db), serverSettings, watch);
                yield new EmbeddedTarget(pg::close, pg::serverProcess, pg.endpoint(), pg);
            }
            case MARIADB -> {
                EmbeddedMariaDb maria = EmbeddedMariaDb.start(port, serverSettings, watch);
                yield new EmbeddedTarget(maria::close, maria::serverProcess, maria.endpoint(), maria);
            }
            case MYSQL -> throw new UserError("--db " + db + ": " + kind.displayName() + " has no embedded server");
        };
    }

    /** Whether {@code --db embedded-<word>} can start a server of this kind, and the versions it names. */
    static String offered(DatabaseKind kind) {
        return switch (kind) {
            case POSTGRESQL -> "[:" + String.join("|", POSTGRES_MAJORS) + "]";
            case MARIADB -> "";
            case MYSQL -> null; // Maven Central has no embeddable MySQL binaries
        };
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

    public ConnectionSettings settings() { return settings; }

    /** The server's process (postmaster, mariadbd) now; a restart for a server setting starts another. */
    public java.util.Optional<ProcessHandle> serverProcess() { return process.get(); }

    /** Starts the server again on the same port with more startup settings (server.* factors that need it). */
    public org.dbstudy.databases.ServerRestart restart() { return restart; }

    @Override
    public void close() {
        stop.run();
    }
}
