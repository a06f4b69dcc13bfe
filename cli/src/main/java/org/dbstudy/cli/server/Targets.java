package org.dbstudy.cli.server;

import java.util.Locale;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * The words users type after {@code --db}: a database kind ({@code postgres}, {@code mysql},
 * {@code mariadb}) for a server named by {@code --url}, or {@code embedded-postgres[:N]} and
 * {@code embedded-mariadb} for a server the run starts itself.
 */
public final class Targets {
    /** What --db takes, for picocli's help (a constant there); equal to {@link #valid()}. */
    public static final String VALID = "postgres, mysql, mariadb, embedded-postgres[:13|14|15|16|17], embedded-mariadb"
            + " (postgresql is postgres; any case)";
    private static final String EMBEDDED = "embedded-";

    private Targets() {
    }

    /** The database kind a --db value means; a user error for anything else. */
    public static DatabaseKind kindOf(String db) {
        String word = withoutVersion(db).toLowerCase(Locale.ROOT);
        boolean embedded = word.startsWith(EMBEDDED);
        DatabaseKind kind = DatabaseKind.parse(embedded ? word.substring(EMBEDDED.length()) : word);
        if (kind == null || embedded && EmbeddedTarget.offered(kind) == null) {
            throw new UserError("--db '" + db + "' is not one of " + valid());
        }
        return kind;
    }

    /** The word --db takes for a server of this kind: {@code postgres}, {@code mysql}, {@code mariadb}. */
    public static String word(DatabaseKind kind) {
        return kind.word();
    }

    /** Whether dbstudy can start a server of this kind itself ({@code --db embedded-<word>}). */
    public static boolean embeddable(DatabaseKind kind) {
        return EmbeddedTarget.offered(kind) != null;
    }

    /** {@link #VALID} built from the kinds and the embedded servers offered (a test keeps the two equal). */
    static String valid() {
        java.util.List<String> words = new java.util.ArrayList<>();
        java.util.List<String> aliases = new java.util.ArrayList<>();
        for (DatabaseKind kind : DatabaseKind.values()) {
            words.add(kind.word());
            if (!kind.word().equals(kind.id())) {
                aliases.add(kind.id() + " is " + kind.word());
            }
        }
        for (DatabaseKind kind : DatabaseKind.values()) {
            if (EmbeddedTarget.offered(kind) != null) {
                words.add(EMBEDDED + kind.word() + EmbeddedTarget.offered(kind));
            }
        }
        return String.join(", ", words) + " (" + String.join(", ", aliases) + "; any case)";
    }

    /** {@code embedded-postgres:17} names a major version; the rest have none. */
    static String withoutVersion(String db) {
        int colon = db.indexOf(':');
        return colon < 0 ? db : db.substring(0, colon);
    }

    public static boolean embedded(String db) {
        return db.toLowerCase(Locale.ROOT).startsWith(EMBEDDED);
    }
}
