package org.dbstudy.generator.sql;

import java.util.List;
import org.dbstudy.vocabulary.DatabaseKind;

/** PostgreSQL: serial keys, generate_series for numbers. */
final class PostgresSql extends NamedDialect {
    PostgresSql() {
        super(DatabaseKind.POSTGRESQL);
    }

    @Override
    public String generatedKey(String column) {
        return column + " serial PRIMARY KEY";
    }

    @Override
    public String emptyTable(String table) {
        return "TRUNCATE TABLE " + table + " RESTART IDENTITY";
    }

    @Override
    public String timestampType() {
        return "timestamp";
    }

    @Override
    public List<String> numbersSetup() {
        return List.of();
    }

    @Override
    public String numbers(long upTo) {
        return "generate_series(1, " + upTo + ") AS nums(n)";
    }
}
