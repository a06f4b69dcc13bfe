package org.dbstudy.generator.sql;

import java.util.List;
import org.dbstudy.vocabulary.DatabaseKind;

/** The dialects a study may name: one per {@link DatabaseKind}. */
public final class SqlDialects {
    private static final SqlDialect POSTGRESQL = new PostgresSql();
    private static final SqlDialect MYSQL = new MySql();
    private static final SqlDialect MARIADB = new MariaDb();
    private static final List<SqlDialect> ALL = java.util.Arrays.stream(DatabaseKind.values()).map(SqlDialects::of).toList();

    private SqlDialects() {
    }

    public static SqlDialect of(DatabaseKind kind) {
        return switch (kind) {
            case POSTGRESQL -> POSTGRESQL;
            case MYSQL -> MYSQL;
            case MARIADB -> MARIADB;
        };
    }

    /** The dialect for a study-file name (any case), or null. */
    public static SqlDialect byName(String name) {
        DatabaseKind kind = DatabaseKind.parse(name);
        return kind == null ? null : of(kind);
    }

    /** What a study file's {@code dialect} may say, for messages. */
    public static String validNames() {
        return DatabaseKind.VALID_NAMES;
    }

    public static List<String> names() {
        return ALL.stream().map(SqlDialect::name).toList();
    }
}
