package org.dbstudy.cli;

import java.util.Locale;

/** The database names users type after --db, and the dialect each means. */
final class Targets {
    static final String VALID = "postgres, mysql, mariadb, embedded-postgres, embedded-mariadb";

    private Targets() {
    }

    /** postgresql, mysql or mariadb for a --db value; a user error for anything else. */
    static String dialectOf(String db) {
        return switch (db.toLowerCase(Locale.ROOT)) {
            case "postgres", "postgresql", "embedded-postgres" -> "postgresql";
            case "mysql" -> "mysql";
            case "mariadb", "embedded-mariadb" -> "mariadb";
            default -> throw new UserError("--db '" + db + "' is not one of " + VALID);
        };
    }

    static boolean embedded(String db) {
        return db.toLowerCase(Locale.ROOT).startsWith("embedded-");
    }
}
