package org.dbstudy.generator.sql;

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
}
