package org.dbstudy.generator.sql;

import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.dbstudy.jmeter.dialect.Dialects;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * The DDL and data-loading SQL that differs between databases. Workloads write portable SQL and ask
 * a dialect only for these pieces; no other class looks at which database it is.
 */
public interface SqlDialect {
    /** The database this dialect writes SQL for. */
    DatabaseKind kind();

    /** The study-file name: postgresql, mysql or mariadb. */
    default String name() {
        return kind().id();
    }

    /** The sampler's dialect field: POSTGRESQL, MYSQL or MARIADB. */
    default String samplerDialect() {
        return kind().name();
    }

    default String defaultUrl() {
        return kind().localUrl();
    }

    default String defaultUser() {
        return kind().localUser();
    }

    /** A column definition for a generated integer primary key, e.g. {@code id serial PRIMARY KEY}. */
    String generatedKey(String column);

    /** Empties a table and restarts its generated keys. */
    String emptyTable(String table);

    /** The column type for a date and time without time zone. */
    String timestampType();

    /** Statements that must run before {@link #numbers(long)} is used (may be empty). */
    List<String> numbersSetup();

    /** A FROM item with one integer column {@code n} holding 1 … upTo, aliased {@code nums}. */
    String numbers(long upTo);

    /**
     * The words this database reserves (lower case): a name from the study file that is one of them is
     * refused by {@code check}, even though it is quoted where the SQL uses it.
     */
    Set<String> reservedWords();

    /** Whether a name is one of {@link #reservedWords()}, in any case. */
    default boolean reserves(String name) {
        return reservedWords().contains(name.toLowerCase(Locale.ROOT));
    }

    /** A name from the study file as the SQL writes it: quoted, so the database takes it as written. */
    default String quote(String name) {
        return Dialects.of(kind()).quoteIdentifier(name);
    }

    /** The statement that marks a table just created as dbstudy's, so that later setUps may empty it. */
    default String markCreated(String table) {
        return Dialects.of(kind()).markCreatedSql(table);
    }
}
