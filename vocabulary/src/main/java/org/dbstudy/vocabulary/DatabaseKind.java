package org.dbstudy.vocabulary;

import java.util.Locale;

/**
 * The databases dbstudy talks to. Every module that must know which database it faces asks this
 * type; no other class compares database names. MySQL and MariaDB share a protocol, SQL family and
 * error codes, but differ in features and settings, so they are two kinds.
 *
 * <p>A kind carries the facts that are plain data (names, URL, port, driver, wire protocol) as
 * constructor arguments; behaviour that lives in other modules (dialects, settings SQL, monitor
 * counters, TPC-C DDL, EXPLAIN form, embedded servers, scratch databases) is chosen there by an
 * exhaustive {@code switch} over this enum with no {@code default}, so a new constant does not
 * compile until every such place has an answer (docs/architecture.md, "Adding a database").
 */
public enum DatabaseKind {
    POSTGRESQL("postgresql", "postgres", "PostgreSQL", Wire.POSTGRESQL, 5432, "jdbc:postgresql:",
            "jdbc:postgresql://127.0.0.1:5432/test", "postgres", "postgresql-"),
    MYSQL("mysql", "mysql", "MySQL", Wire.MYSQL, 3306, "jdbc:mysql:", "jdbc:mysql://127.0.0.1:3306/test", "root",
            "mysql-connector"),
    MARIADB("mariadb", "mariadb", "MariaDB", Wire.MYSQL, 3306, "jdbc:mariadb:", "jdbc:mariadb://127.0.0.1:3306/test",
            "root", "mariadb-java-client");

    /** The client protocol a kind speaks, which fixes its vendor error codes and quoting. */
    public enum Wire {
        POSTGRESQL, MYSQL
    }

    private final String id;
    private final String word;
    private final String displayName;
    private final Wire wire;
    private final int defaultPort;
    private final String urlPrefix;
    private final String localUrl;
    private final String localUser;
    private final String driverJarPrefix;

    DatabaseKind(String id, String word, String displayName, Wire wire, int defaultPort, String urlPrefix,
            String localUrl, String localUser, String driverJarPrefix) {
        this.id = id;
        this.word = word;
        this.displayName = displayName;
        this.wire = wire;
        this.defaultPort = defaultPort;
        this.urlPrefix = urlPrefix;
        this.localUrl = localUrl;
        this.localUser = localUser;
        this.driverJarPrefix = driverJarPrefix;
    }

    /** The lower-case name written into files: {@code postgresql}, {@code mysql}, {@code mariadb}. */
    public String id() {
        return id;
    }

    /**
     * The short name users type ({@code --db postgres}); {@link #parse} takes it as well as the id.
     * Equal to the id except for PostgreSQL.
     */
    public String word() {
        return word;
    }

    /** The client protocol this kind speaks. */
    public Wire wire() {
        return wire;
    }

    /** The product's own spelling, for messages and reports. */
    public String displayName() {
        return displayName;
    }

    /** The JDBC URL prefix of this kind's own driver. */
    public String urlPrefix() {
        return urlPrefix;
    }

    /** The server a default install runs on loopback (the project's machines are set up so). */
    public String localUrl() {
        return localUrl;
    }

    public String localUser() {
        return localUser;
    }

    /** How the file name of this kind's JDBC driver jar starts, e.g. {@code mariadb-java-client}. */
    public String driverJarPrefix() {
        return driverJarPrefix;
    }

    /** The port a server of this kind listens on unless told otherwise (a URL may leave it out). */
    public int defaultPort() {
        return defaultPort;
    }

    /** MySQL and MariaDB: one protocol, one SQL family, one set of vendor codes. */
    public boolean mysqlFamily() {
        return wire == Wire.MYSQL;
    }

    /** What {@link #parse} accepts, for messages and docs: the ids, and {@code postgres} as PostgreSQL's alias. */
    public static final String VALID_NAMES = validIds() + " (any case; " + aliases() + ")";

    /**
     * The kind a user or a file names: {@code postgresql}, {@code postgres}, {@code mysql},
     * {@code mariadb}, in any case ({@link #VALID_NAMES}). Null for anything else.
     */
    public static DatabaseKind parse(String name) {
        if (name == null) {
            return null;
        }
        String key = name.trim().toLowerCase(Locale.ROOT);
        for (DatabaseKind kind : values()) {
            if (kind.id.equals(key) || kind.word.equals(key)) {
                return kind;
            }
        }
        return null;
    }

    /** The kind whose driver a JDBC URL names, or null for another driver. */
    public static DatabaseKind forUrl(String url) {
        if (url == null) {
            return null;
        }
        for (DatabaseKind kind : values()) {
            if (url.startsWith(kind.urlPrefix)) {
                return kind;
            }
        }
        return null;
    }

    /**
     * Null when a JDBC URL can reach a server of this kind: it names this kind's driver, or a driver
     * dbstudy does not know. Else what is wrong: the URL is another kind's, e.g. a {@code jdbc:postgresql:}
     * URL for a MariaDB target, which would only fail in every cell.
     */
    public String urlProblem(String url) {
        DatabaseKind named = forUrl(url);
        if (named == null || named == this) {
            return null;
        }
        return "'" + JdbcUrls.redact(url) + "' is a " + named.displayName + " URL (" + named.urlPrefix + "), not a "
                + displayName + " one (" + urlPrefix + ")";
    }

    /**
     * The kind of server a product name or version text describes: MariaDB reports itself in
     * {@code @@version} ("10.11.19-MariaDB") even to MySQL's driver. Null when it names none.
     */
    public static DatabaseKind fromServerText(String text) {
        if (text == null) {
            return null;
        }
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.contains("mariadb")) {
            return MARIADB;
        }
        if (lower.contains("postgresql")) {
            return POSTGRESQL;
        }
        if (lower.contains("mysql")) {
            return MYSQL;
        }
        return null;
    }

    /** For messages: {@code postgresql, mysql, mariadb}. */
    public static String validIds() {
        StringBuilder sb = new StringBuilder();
        for (DatabaseKind kind : values()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(kind.id);
        }
        return sb.toString();
    }

    /** For messages: {@code postgres is postgresql}, one clause per kind whose word is not its id. */
    private static String aliases() {
        StringBuilder sb = new StringBuilder();
        for (DatabaseKind kind : values()) {
            if (!kind.word.equals(kind.id)) {
                sb.append(sb.length() == 0 ? "" : ", ").append(kind.word).append(" is ").append(kind.id);
            }
        }
        return sb.toString();
    }
}
