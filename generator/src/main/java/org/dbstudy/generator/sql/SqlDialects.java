package org.dbstudy.generator.sql;

import java.util.List;
import org.dbstudy.vocabulary.DatabaseKind;

/** The dialects a study may name: one per {@link DatabaseKind}. */
public final class SqlDialects {
    private static final List<SqlDialect> ALL = List.of(new PostgresSql(), new MySql(), new MariaDb());

    private SqlDialects() {
    }

    public static SqlDialect of(DatabaseKind kind) {
        return ALL.stream().filter(d -> d.kind() == kind).findFirst().orElseThrow();
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
