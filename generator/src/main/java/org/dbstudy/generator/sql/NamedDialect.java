package org.dbstudy.generator.sql;

import java.util.Set;
import org.dbstudy.vocabulary.DatabaseKind;

/** The database kind of a dialect; subclasses add only their SQL. */
abstract class NamedDialect implements SqlDialect {
    private final DatabaseKind kind;

    NamedDialect(DatabaseKind kind) {
        this.kind = kind;
    }

    @Override
    public DatabaseKind kind() {
        return kind;
    }

    /** A word list as written in a dialect class (blank-separated, lower case). */
    static Set<String> words(String text) {
        return Set.of(text.strip().split("\\s+"));
    }
}
