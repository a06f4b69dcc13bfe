package org.dbstudy.vocabulary;

import java.sql.Connection;
import java.util.Locale;

/** Transaction isolation levels a sample can ask for. DEFAULT keeps the server's default. */
public enum IsolationLevel {
    DEFAULT(-1),
    READ_UNCOMMITTED(Connection.TRANSACTION_READ_UNCOMMITTED),
    READ_COMMITTED(Connection.TRANSACTION_READ_COMMITTED),
    REPEATABLE_READ(Connection.TRANSACTION_REPEATABLE_READ),
    SERIALIZABLE(Connection.TRANSACTION_SERIALIZABLE);

    private final int jdbcLevel;

    IsolationLevel(int jdbcLevel) {
        this.jdbcLevel = jdbcLevel;
    }

    public int jdbcLevel() { return jdbcLevel; }

    /**
     * Reads what a user may type or a study may write: {@code REPEATABLE_READ}, {@code repeatable read},
     * {@code REPEATABLE-READ} (MySQL's spelling) or JMeter's {@code TRANSACTION_REPEATABLE_READ}.
     * Returns null when the text names no level.
     */
    public static IsolationLevel parse(String text) {
        if (text == null) {
            return null;
        }
        String key = text.trim().toUpperCase(Locale.ROOT).replace('-', '_').replace(' ', '_');
        if (key.startsWith("TRANSACTION_")) {
            key = key.substring("TRANSACTION_".length());
        }
        if (key.isEmpty()) {
            return DEFAULT;
        }
        for (IsolationLevel level : values()) {
            if (level.name().equals(key)) {
                return level;
            }
        }
        return null;
    }

    /** The level whose SQL words match what a server reports, e.g. {@code REPEATABLE-READ}. */
    public static IsolationLevel fromServer(String reported) {
        IsolationLevel level = parse(reported);
        return level == DEFAULT ? null : level;
    }

    /** The names a study's {@code isolation} factor may take, in declared order. */
    public static java.util.List<String> names() {
        return java.util.Arrays.stream(values()).map(Enum::name).toList();
    }

    public static String validNames() {
        return String.join(", ", names());
    }

    /** {@link #validNames()} with the other spellings {@link #parse} reads, for a message saying what is valid. */
    public static String validSpellings() {
        return validNames() + " (any case, with ' ' or '-' for '_', or JDBC's TRANSACTION_REPEATABLE_READ)";
    }

    /** The name a study, a plan and a cell id use for a spelling {@link #parse} reads; other text unchanged. */
    public static String canonical(String text) {
        IsolationLevel level = text == null || text.isBlank() ? null : parse(text);
        return level == null ? text : level.name();
    }
}
