package org.dbstudy.generator.sql;

import java.util.List;

/** PostgreSQL: serial keys, generate_series for numbers. */
final class PostgresSql implements SqlDialect {
    @Override
    public String name() {
        return "postgresql";
    }

    @Override
    public String samplerDialect() {
        return "POSTGRESQL";
    }

    @Override
    public String defaultUrl() {
        return "jdbc:postgresql://127.0.0.1:5432/test";
    }

    @Override
    public String defaultUser() {
        return "postgres";
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
