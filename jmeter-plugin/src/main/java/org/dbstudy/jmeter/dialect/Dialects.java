package org.dbstudy.jmeter.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import org.dbstudy.vocabulary.DatabaseKind;

/** Finds the dialect for a name, a JDBC URL or an open connection. */
public final class Dialects {
    public static final String AUTO = "AUTO";

    private Dialects() {
    }

    /** The dialect of a database kind. */
    public static Dialect of(DatabaseKind kind) {
        return switch (kind) {
            case POSTGRESQL -> new PostgresDialect();
            case MYSQL -> new MySqlDialect();
            case MARIADB -> new MariaDbDialect();
        };
    }

    /** A database kind's name (any case); null for another name. */
    public static Dialect byName(String name) {
        DatabaseKind kind = DatabaseKind.parse(name);
        return kind == null ? null : of(kind);
    }

    /** The dialect a JDBC URL implies, or null for a URL of another driver. */
    public static Dialect forUrl(String url) {
        DatabaseKind kind = DatabaseKind.forUrl(url);
        return kind == null ? null : of(kind);
    }

    /** The dialect of the driver in use: Connector/J gets MySQL even when it talks to MariaDB. */
    public static Dialect detect(Connection c) throws SQLException {
        String url = c.getMetaData().getURL();
        String product = c.getMetaData().getDatabaseProductName();
        Dialect byUrl = forUrl(url);
        if (byUrl != null) {
            return byUrl;
        }
        DatabaseKind byProduct = DatabaseKind.fromServerText(product);
        if (byProduct != null) {
            return of(byProduct);
        }
        throw new SQLException("cannot tell the dialect of " + product + " (" + url
                + "); pick one of " + kindNames() + " in the sampler's Dialect field");
    }

    public static String validNames() {
        return String.join(", ", choices());
    }

    /** The sampler's Dialect dropdown: AUTO, then every database kind, so a new kind appears in the GUI. */
    public static java.util.List<String> choices() {
        java.util.List<String> names = new java.util.ArrayList<>(java.util.List.of(AUTO));
        for (DatabaseKind kind : DatabaseKind.values()) {
            names.add(kind.name());
        }
        return java.util.List.copyOf(names);
    }

    private static String kindNames() {
        return String.join(", ", choices().subList(1, choices().size()));
    }
}
