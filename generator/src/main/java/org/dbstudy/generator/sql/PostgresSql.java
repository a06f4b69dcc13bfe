package org.dbstudy.generator.sql;

import java.util.List;
import java.util.Set;
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

    /**
     * PostgreSQL's reserved key words: those marked "reserved" or "reserved (can be function or type)"
     * in the PostgreSQL column of the documentation's Appendix C (SQL Key Words), as PostgreSQL 15's
     * {@code pg_get_keywords()} lists them (catcode R and T), plus system_user (reserved from 16).
     */
    private static final Set<String> RESERVED = words("""
            all analyse analyze and any array as asc asymmetric authorization binary both case cast check
            collate collation column concurrently constraint create cross current_catalog current_date
            current_role current_schema current_time current_timestamp current_user default deferrable desc
            distinct do else end except false fetch for foreign freeze from full grant group having ilike in
            initially inner intersect into is isnull join lateral leading left like limit localtime
            localtimestamp natural not notnull null offset on only or order outer overlaps placing primary
            references returning right select session_user similar some symmetric system_user table tablesample
            then to trailing true union unique user using variadic verbose when where window with
            """);

    @Override
    public Set<String> reservedWords() {
        return RESERVED;
    }
}
