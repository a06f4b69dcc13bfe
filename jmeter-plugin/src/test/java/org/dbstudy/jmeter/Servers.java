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
            case MYSQL_DRIVER_ON_MARIADB -> {
                DatabaseEndpoint m = TestDatabases.mariadb();
                yield m.withUrl(m.url().replace("jdbc:mariadb:", "jdbc:mysql:")
                        + (m.url().contains("?") ? "&" : "?") + "allowPublicKeyRetrieval=true&useSSL=false");
            }
        };
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
