package org.dbstudy.databases;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * The database a test should use: a database of its own ({@link ScratchDatabase}, created once per JVM
 * and dropped when it ends) on the server found in this order: the server named by environment variables
 * ({@code DBSTUDY_PG_URL}, {@code DBSTUDY_MARIADB_URL}, with {@code _USER} and {@code _PASSWORD}), the
 * local server on 127.0.0.1, or an embedded server started once for this JVM. Other programs and other
 * engineers' test runs use the same servers at the same time: a test never creates, changes or drops
 * anything outside its own database. A test never skips because a database is missing: when all three
 * fail, the error lists what was tried.
 *
 * <p>{@code DBSTUDY_TEST_DB=embedded} skips the first two, to check the suite on a machine without
 * servers. Whenever a test gets an embedded server, a line on stderr says why.
 *
 * <p>A test that changes a server's global state ({@code SET GLOBAL}, {@code ALTER SYSTEM}) asks for
 * {@link #embedded(DatabaseKind, String)}: the machine's own servers are never changed, not even for the
 * length of a test, because a JVM that dies halfway would leave them changed.
 */
public final class TestDatabases {
    /** The servers tests find or start; MySQL's dialect is tested with Connector/J against MariaDB. */
    public static final List<DatabaseKind> SERVERS = List.of(DatabaseKind.POSTGRESQL, DatabaseKind.MARIADB);

    /** The server each engine's tests use (its own login database), before any database of their own. */
    private static final Map<DatabaseKind, DatabaseEndpoint> FOUND = new EnumMap<>(DatabaseKind.class);
    private static final Map<DatabaseKind, ScratchDatabase> OWN = new EnumMap<>(DatabaseKind.class);
    private static final Map<DatabaseKind, AutoCloseable> EMBEDDED_SERVERS = new EnumMap<>(DatabaseKind.class);
    private static final Map<DatabaseKind, DatabaseEndpoint> EMBEDDED = new EnumMap<>(DatabaseKind.class);

    static {
        // One hook, in order: this JVM's databases are dropped while their servers still run, then the
        // embedded servers stop (two hooks would run at the same time).
        Runtime.getRuntime().addShutdownHook(new Thread(TestDatabases::atExit, "dbstudy-test-databases"));
    }

    private TestDatabases() {
    }

    public static DatabaseEndpoint postgres() {
        return get(DatabaseKind.POSTGRESQL);
    }

    public static DatabaseEndpoint mariadb() {
        return get(DatabaseKind.MARIADB);
    }

    /** This JVM's own database on the server tests of {@code engine} use; created on first use. */
    public static synchronized DatabaseEndpoint get(DatabaseKind engine) {
        ScratchDatabase own = OWN.get(engine);
        if (own == null) {
            own = newDatabase(engine);
            OWN.put(engine, own);
        }
        return own.endpoint();
    }

    /**
     * Another database of the caller's own on the server tests of {@code engine} use, for a test that
     * needs fixed table names of its own (TPC-C); the caller closes it, which drops it (the JVM's end
     * drops it too).
     */
    public static synchronized ScratchDatabase newDatabase(DatabaseKind engine) {
        DatabaseEndpoint server = server(engine);
        try {
            return ScratchDatabase.create(server);
        } catch (SQLException e) {
            throw new IllegalStateException("tests need a database of their own on " + server + " and cannot create one: "
                    + e.getMessage() + "; give " + envPrefix(engine) + "_USER a login that may create databases", e);
        }
    }

    /**
     * The server tests of {@code engine} use, as found (its login database, e.g. the local {@code test}):
     * for reading server-wide state only. Tables go into {@link #get}'s database.
     */
    public static synchronized DatabaseEndpoint server(DatabaseKind engine) {
        DatabaseEndpoint server = FOUND.get(engine);
        if (server == null) {
            server = find(engine);
            FOUND.put(engine, server);
            try {
                ScratchDatabase.dropLeftovers(server, System.err);
            } catch (SQLException e) {
                System.err.println("[dbstudy] could not look for test databases left by killed test runs on " + server
                        + ": " + e.getMessage());
            }
        }
        return server;
    }

    /** The databases of their own this JVM's tests have now (for the checks after each test class). */
    public static List<ScratchDatabase> ownDatabases() {
        return ScratchDatabase.open();
    }

    private static void atExit() {
        ScratchDatabase.dropAllOpen(System.err);
        List<AutoCloseable> servers;
        synchronized (TestDatabases.class) {
            servers = new ArrayList<>(EMBEDDED_SERVERS.values());
        }
        for (AutoCloseable server : servers) {
            try {
                server.close();
            } catch (Exception e) {
                System.err.println("[dbstudy] could not stop an embedded test server: " + e.getMessage());
            }
        }
    }

    /**
     * An embedded server, always, started once per JVM and shared with {@link #get} when that falls
     * back to one; {@code why} (what the test changes) is printed so a reader of the build log knows.
     */
    public static synchronized DatabaseEndpoint embedded(DatabaseKind engine, String why) {
        DatabaseEndpoint endpoint = startedEmbedded(engine);
        System.err.println("[dbstudy] " + why + ": this test uses " + endpoint + ", never the machine's own server");
        return endpoint;
    }

    /** An embedded MariaDB for a test that changes global settings; see {@link #embedded(DatabaseKind, String)}. */
    public static DatabaseEndpoint embeddedMariadb(String why) {
        return embedded(DatabaseKind.MARIADB, why);
    }

    /** True when {@link #get} handed out a database on the machine's own server for this engine (not an embedded one). */
    public static synchronized boolean usesMachineServer(DatabaseKind engine) {
        DatabaseEndpoint found = FOUND.get(engine);
        return found != null && found.url().equals(machineServer(engine).url());
    }

    /** The server tests would use if nothing were embedded: the one named by the environment, else the local one. */
    public static DatabaseEndpoint machineServer(DatabaseKind engine) {
        String url = System.getenv(envPrefix(engine) + "_URL");
        if (url != null && !url.isBlank()) {
            return new DatabaseEndpoint(engine, url, envOr(envPrefix(engine) + "_USER", engine.localUser()),
                    envOr(envPrefix(engine) + "_PASSWORD", ""), envPrefix(engine) + "_URL");
        }
        return new DatabaseEndpoint(engine, engine.localUrl(), engine.localUser(), "", "local server");
    }

    private static DatabaseEndpoint find(DatabaseKind engine) {
        List<String> tried = new ArrayList<>();
        boolean embeddedOnly = "embedded".equalsIgnoreCase(System.getenv("DBSTUDY_TEST_DB"));
        if (!embeddedOnly) {
            String url = System.getenv(envPrefix(engine) + "_URL");
            if (url != null && !url.isBlank()) {
                DatabaseEndpoint fromEnv = machineServer(engine);
                String problem = reachable(fromEnv);
                if (problem == null) {
                    return fromEnv;
                }
                tried.add(fromEnv + ": " + problem);
            }
            DatabaseEndpoint local = new DatabaseEndpoint(engine, engine.localUrl(), engine.localUser(), "",
                    "local server");
            String problem = reachable(local);
            if (problem == null) {
                return local;
            }
            tried.add(local + ": " + problem);
        }
        if (embeddedOnly) {
            tried.add("DBSTUDY_TEST_DB=embedded");
        }
        try {
            DatabaseEndpoint embedded = startedEmbedded(engine);
            System.err.println("[dbstudy] tests use " + embedded + " because:\n  " + String.join("\n  ", tried));
            return embedded;
        } catch (RuntimeException e) {
            tried.add("embedded " + engine.displayName() + ": " + e.getMessage());
            throw new IllegalStateException("This test needs " + engine.displayName()
                    + " and none could be found or started. Tried:\n  " + String.join("\n  ", tried)
                    + "\nSet " + envPrefix(engine) + "_URL (and _USER, _PASSWORD) to a reachable server.", e);
        }
    }

    /** The embedded server of this JVM for {@code engine}, started on first use and stopped when the JVM ends. */
    private static DatabaseEndpoint startedEmbedded(DatabaseKind engine) {
        DatabaseEndpoint endpoint = EMBEDDED.get(engine);
        if (endpoint != null) {
            return endpoint;
        }
        endpoint = switch (engine) {
            case POSTGRESQL -> {
                EmbeddedPostgres pg = EmbeddedPostgres.start(0);
                EMBEDDED_SERVERS.put(engine, pg);
                yield pg.endpoint();
            }
            case MARIADB -> {
                EmbeddedMariaDb maria = EmbeddedMariaDb.start(0);
                EMBEDDED_SERVERS.put(engine, maria);
                yield maria.endpoint();
            }
            case MYSQL -> throw new IllegalArgumentException("no embedded MySQL: " + engine.name());
        };
        EMBEDDED.put(engine, endpoint);
        return endpoint;
    }

    /**
     * The endpoint's URL with its password in it ({@code password=}), for a test that hands a server to
     * {@code dbstudy run --url} in-process: an embedded server takes only its password, the machine's
     * servers none. dbstudy moves a password out of a URL before it logs or records it.
     */
    public static String urlWithPassword(DatabaseEndpoint endpoint) {
        String password = endpoint.password();
        if (password == null || password.isEmpty()) {
            return endpoint.url();
        }
        return endpoint.url() + (endpoint.url().contains("?") ? "&" : "?") + "password=" + password;
    }

    /** Null when a connection can be opened and used, else why not. */
    private static String reachable(DatabaseEndpoint endpoint) {
        try (Connection c = endpoint.connect()) {
            return c.isValid(5) ? null : "connection not valid";
        } catch (SQLException e) {
            return e.getMessage();
        }
    }

    /** Prefix of the variables that name a test server: PREFIX_URL, PREFIX_USER, PREFIX_PASSWORD. */
    private static String envPrefix(DatabaseKind kind) {
        return switch (kind) {
            case POSTGRESQL -> "DBSTUDY_PG";
            case MYSQL, MARIADB -> "DBSTUDY_MARIADB";
        };
    }

    private static String envOr(String name, String fallback) {
        String value = System.getenv(name);
        return value == null ? fallback : value;
    }
}
