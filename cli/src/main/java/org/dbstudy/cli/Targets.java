package org.dbstudy.cli;

import java.util.Locale;

/** The database names users type after --db, and the dialect each means. */
final class Targets {
    static final String VALID = "postgres, mysql, mariadb, embedded-postgres[:13|14|15|16|17], embedded-mariadb";

    private Targets() {
    }

    /** postgresql, mysql or mariadb for a --db value; a user error for anything else. */
    static String dialectOf(String db) {
        return switch (withoutVersion(db).toLowerCase(Locale.ROOT)) {
            case "postgres", "postgresql", "embedded-postgres" -> "postgresql";
            case "mysql" -> "mysql";
            case "mariadb", "embedded-mariadb" -> "mariadb";
            default -> throw new UserError("--db '" + db + "' is not one of " + VALID);
        };
    }

    /** {@code embedded-postgres:17} names a major version; the rest have none. */
    static String withoutVersion(String db) {
        int colon = db.indexOf(':');
        return colon < 0 ? db : db.substring(0, colon);
    }

    static boolean embedded(String db) {
        return db.toLowerCase(Locale.ROOT).startsWith("embedded-");
    }
}
