package org.dbstudy.jmeter.tpcc;

import java.sql.SQLException;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * A database of its own for one test (TPC-C's table names are fixed): created on open, dropped on
 * close, also when the test fails ({@link TestDatabases#newDatabase}).
 */
public final class ScratchDatabase implements AutoCloseable {
    /**
     * How a test reaches the server: PostgreSQL, MariaDB, or MySQL Connector/J talking to MariaDB (without
     * and with {@code allowLoadLocalInfile}, which decides the loader's bulk path).
     */
    public enum Server { POSTGRESQL, MARIADB, MYSQL_DRIVER_ON_MARIADB, MYSQL_DRIVER_WITH_LOCAL_INFILE_ON_MARIADB }

    private final org.dbstudy.databases.ScratchDatabase own;
    private final DatabaseEndpoint endpoint;

    public ScratchDatabase(Server server) {
        own = TestDatabases.newDatabase(server == Server.POSTGRESQL ? DatabaseKind.POSTGRESQL : DatabaseKind.MARIADB);
        String url = own.endpoint().url();
        if (server == Server.MYSQL_DRIVER_ON_MARIADB || server == Server.MYSQL_DRIVER_WITH_LOCAL_INFILE_ON_MARIADB) {
            url = url.replace("jdbc:mariadb:", "jdbc:mysql:") + (url.contains("?") ? "&" : "?")
                    + "allowPublicKeyRetrieval=true&useSSL=false";
        }
        if (server == Server.MYSQL_DRIVER_WITH_LOCAL_INFILE_ON_MARIADB) {
            url += "&allowLoadLocalInfile=true";
        }
        endpoint = own.endpoint().withUrl(url);
    }

    public DatabaseEndpoint endpoint() { return endpoint; }

    public boolean isPostgres() { return endpoint.kind() == DatabaseKind.POSTGRESQL; }

    @Override
    public void close() throws SQLException {
        own.close();
    }
}
