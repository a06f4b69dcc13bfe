package org.dbstudy.generator.sql;

import java.util.List;
import java.util.Locale;

/** The dialects a study may name. */
public final class SqlDialects {
    private static final List<SqlDialect> ALL = List.of(new PostgresSql(), new MySql(), new MariaDb());

    private SqlDialects() {
    }

    /** The dialect for a study-file name (any case), or null. */
    public static SqlDialect byName(String name) {
        String lower = name == null ? "" : name.toLowerCase(Locale.ROOT);
        return ALL.stream().filter(d -> d.name().equals(lower)).findFirst().orElse(null);
    }

    public static List<String> names() {
        return ALL.stream().map(SqlDialect::name).toList();
    }
}
