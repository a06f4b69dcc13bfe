package org.dbstudy.jmeter;

import java.util.stream.Stream;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.databases.TestDatabases;

/** The three ways the sampler talks to a server: PostgreSQL, MariaDB, and MySQL Connector/J to MariaDB. */
enum Servers {
    POSTGRESQL, MARIADB, MYSQL_DRIVER_ON_MARIADB;

    DatabaseEndpoint endpoint() {
        return switch (this) {
            case POSTGRESQL -> TestDatabases.postgres();
            case MARIADB -> TestDatabases.mariadb();
            // No MySQL server can be installed here: Connector/J and the MySQL dialect talk to MariaDB.
            case MYSQL_DRIVER_ON_MARIADB -> throughMySqlDriver(TestDatabases.mariadb());
        };
    }

    /**
     * This way of talking to an embedded server, for a test that changes global settings; {@code why}
     * says what it changes (printed, so the build log tells why the local server was not used).
     */
    DatabaseEndpoint embeddedEndpoint(String why) {
        return switch (this) {
            case POSTGRESQL -> TestDatabases.embedded(DatabaseKind.POSTGRESQL, why);
            case MARIADB -> TestDatabases.embeddedMariadb(why);
            case MYSQL_DRIVER_ON_MARIADB -> throughMySqlDriver(TestDatabases.embeddedMariadb(why));
        };
    }

    private static DatabaseEndpoint throughMySqlDriver(DatabaseEndpoint m) {
        return m.withUrl(m.url().replace("jdbc:mariadb:", "jdbc:mysql:")
                + (m.url().contains("?") ? "&" : "?") + "allowPublicKeyRetrieval=true&useSSL=false");
    }

    boolean isPostgres() {
        return endpoint().kind() == DatabaseKind.POSTGRESQL;
    }

    static Stream<Servers> all() {
        return Stream.of(values());
    }

    /** SQL that waits, in each family's words. */
    String sleep(double seconds) {
        return isPostgres() ? "SELECT pg_sleep(" + seconds + ")" : "SELECT SLEEP(" + seconds + ")";
    }
}
