package org.dbstudy.jmeter.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * A database of its own for one test (TPC-C's table names are fixed, and other tests share the
 * servers): created on open, dropped on close, also when the test fails.
 */
final class ScratchDatabase implements AutoCloseable {
    /**
     * How a test reaches the server: PostgreSQL, MariaDB, or MySQL Connector/J talking to MariaDB (without
     * and with {@code allowLoadLocalInfile}, which decides the loader's bulk path).
     */
    enum Server { POSTGRESQL, MARIADB, MYSQL_DRIVER_ON_MARIADB, MYSQL_DRIVER_WITH_LOCAL_INFILE_ON_MARIADB }

    private final DatabaseEndpoint admin;
    private final String name;
    private final DatabaseEndpoint endpoint;

    ScratchDatabase(Server server) throws SQLException {
        admin = server == Server.POSTGRESQL ? TestDatabases.postgres() : TestDatabases.mariadb();
        name = "dbstudy_tpcc_test_" + Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36).toLowerCase(Locale.ROOT);
        try (Connection c = admin.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        String url = withDatabase(admin.url(), name);
        if (server == Server.MYSQL_DRIVER_ON_MARIADB || server == Server.MYSQL_DRIVER_WITH_LOCAL_INFILE_ON_MARIADB) {
            url = url.replace("jdbc:mariadb:", "jdbc:mysql:") + (url.contains("?") ? "&" : "?")
                    + "allowPublicKeyRetrieval=true&useSSL=false";
        }
        if (server == Server.MYSQL_DRIVER_WITH_LOCAL_INFILE_ON_MARIADB) {
            url += "&allowLoadLocalInfile=true";
        }
        endpoint = admin.withUrl(url);
    }

    DatabaseEndpoint endpoint() { return endpoint; }

    boolean isPostgres() { return admin.kind() == DatabaseKind.POSTGRESQL; }

    /** jdbc:…://host:port/db?params with another db. */
    private static String withDatabase(String url, String database) {
        int slash = url.indexOf('/', url.indexOf("//") + 2);
        int query = url.indexOf('?', slash);
        return url.substring(0, slash + 1) + database + (query < 0 ? "" : url.substring(query));
    }

    @Override
    public void close() throws SQLException {
        try (Connection c = admin.connect(); Statement s = c.createStatement()) {
            s.execute(isPostgres() ? "DROP DATABASE IF EXISTS " + name + " WITH (FORCE)" : "DROP DATABASE IF EXISTS " + name);
        }
    }
}
