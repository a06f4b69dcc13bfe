package org.dbstudy.jmeter.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/** Finds the dialect for a name, a JDBC URL or an open connection. */
public final class Dialects {
    public static final String AUTO = "AUTO";

    private Dialects() {
    }

    /** POSTGRESQL, MYSQL or MARIADB (any case); null for another name. */
    public static Dialect byName(String name) {
        return switch (name.trim().toUpperCase(Locale.ROOT)) {
            case "POSTGRESQL", "POSTGRES" -> new PostgresDialect();
            case "MYSQL" -> new MySqlDialect();
            case "MARIADB" -> new MariaDbDialect();
            default -> null;
        };
    }

    /** The dialect a JDBC URL implies, or null for a URL of another driver. */
    public static Dialect forUrl(String url) {
        if (url.startsWith("jdbc:postgresql:")) {
            return new PostgresDialect();
        }
        if (url.startsWith("jdbc:mariadb:")) {
            return new MariaDbDialect();
        }
        if (url.startsWith("jdbc:mysql:")) {
            return new MySqlDialect();
        }
        return null;
    }

    /** The dialect of the driver in use: Connector/J gets MySQL even when it talks to MariaDB. */
    public static Dialect detect(Connection c) throws SQLException {
        String url = c.getMetaData().getURL();
        String product = c.getMetaData().getDatabaseProductName();
        Dialect byUrl = url == null ? null : forUrl(url);
        if (byUrl != null) {
            return byUrl;
        }
        if ("PostgreSQL".equalsIgnoreCase(product)) {
            return new PostgresDialect();
        }
        if (product != null && product.toLowerCase(Locale.ROOT).contains("mariadb")) {
            return new MariaDbDialect();
        }
        if (product != null && product.toLowerCase(Locale.ROOT).contains("mysql")) {
            return new MySqlDialect();
        }
        throw new SQLException("cannot tell the dialect of " + product + " (" + url
                + "); pick POSTGRESQL, MYSQL or MARIADB in the sampler's Dialect field");
    }

    public static String validNames() {
        return "AUTO, POSTGRESQL, MYSQL, MARIADB";
    }
}
