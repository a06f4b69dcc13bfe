package org.dbstudy.databases;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.JdbcUrls;

/**
 * A database a test process creates for itself on a server others use too, so that its tables can
 * never meet anyone else's: named {@code dbstudy_t_<host>_<pid>_<random>} (the host and process that
 * own it), dropped by {@link #close()}, by {@link #dropAllOpen()} when the JVM ends (a shutdown hook of
 * {@link TestDatabases}), and, after a JVM that was killed, by {@link #dropLeftovers} at the next start
 * on the same host once the owner process is gone. Nothing outside such a database is ever dropped.
 */
public final class ScratchDatabase implements AutoCloseable {
    /** Every scratch database's name starts so; the rest says who owns it. */
    static final String PREFIX = "dbstudy_t_";
    private static final Pattern NAME = Pattern.compile(PREFIX + "([a-z0-9]+)_([0-9]+)_[a-z0-9]+");
    private static final Set<ScratchDatabase> OPEN = new LinkedHashSet<>();

    private final DatabaseEndpoint server;
    private final String name;
    private final DatabaseEndpoint endpoint;
    private boolean dropped;

    private ScratchDatabase(DatabaseEndpoint server, String name) {
        this.server = server;
        this.name = name;
        this.endpoint = new DatabaseEndpoint(server.kind(), JdbcUrls.withDatabase(server.url(), name), server.user(),
                server.password(), "database " + name + " of its own on " + server.origin());
    }

    /**
     * Creates a database with a new name on {@code server} (an endpoint of any database there, with
     * the right to create databases).
     */
    static ScratchDatabase create(DatabaseEndpoint server) throws SQLException {
        ScratchDatabase db = new ScratchDatabase(server, newName());
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + db.name);
        }
        synchronized (OPEN) {
            OPEN.add(db);
        }
        return db;
    }

    /** Where a test connects: this database on the server, same login. */
    public DatabaseEndpoint endpoint() {
        return endpoint;
    }

    public String name() {
        return name;
    }

    /** Drops the database, with any connection still open to it; a second call does nothing. */
    @Override
    public void close() throws SQLException {
        synchronized (this) {
            if (dropped) {
                return;
            }
            dropped = true;
        }
        synchronized (OPEN) {
            OPEN.remove(this);
        }
        drop(server, name);
    }

    /** Drops every scratch database of this JVM not closed yet (the JVM is ending); problems are printed. */
    static void dropAllOpen(PrintStream log) {
        List<ScratchDatabase> open;
        synchronized (OPEN) {
            open = new ArrayList<>(OPEN);
        }
        for (ScratchDatabase db : open) {
            try {
                db.close();
            } catch (SQLException e) {
                log.println("[dbstudy] could not drop the test database " + db.name + " on " + db.server + ": "
                        + e.getMessage() + " (the next test run on this host drops it)");
            }
        }
    }

    /** The scratch databases of this JVM still open. */
    static List<ScratchDatabase> open() {
        synchronized (OPEN) {
            return new ArrayList<>(OPEN);
        }
    }

    /** The tables in this database (its current schema on PostgreSQL). */
    Set<String> tables() throws SQLException {
        Set<String> names = new TreeSet<>();
        String sql = postgres(endpoint.kind())
                ? "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                : "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE()";
        try (Connection c = endpoint.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    /** Drops these tables of this database (whatever their names: the database is this JVM's own). */
    void dropTables(Set<String> names) throws SQLException {
        boolean pg = postgres(endpoint.kind());
        try (Connection c = endpoint.connect(); Statement st = c.createStatement()) {
            if (!pg) {
                st.execute("SET FOREIGN_KEY_CHECKS = 0");
            }
            for (String table : names) {
                String quoted = pg ? "\"" + table.replace("\"", "\"\"") + "\"" : "`" + table.replace("`", "``") + "`";
                st.execute("DROP TABLE IF EXISTS " + quoted + (pg ? " CASCADE" : ""));
            }
        }
    }

    /**
     * Drops the scratch databases on {@code server} whose owner was a process of this host that is no
     * longer running (a test JVM killed before its shutdown hook), each with a line on {@code log}.
     * Databases of live processes and of other hosts are left alone.
     *
     * @return the names dropped
     */
    static List<String> dropLeftovers(DatabaseEndpoint server, PrintStream log) throws SQLException {
        List<String> candidates = new ArrayList<>();
        String sql = postgres(server.kind())
                ? "SELECT datname FROM pg_database WHERE datname LIKE 'dbstudy\\_t\\_%'"
                : "SELECT schema_name FROM information_schema.schemata WHERE schema_name LIKE 'dbstudy\\_t\\_%'";
        try (Connection c = server.connect(); Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                candidates.add(rs.getString(1));
            }
        }
        List<String> dropped = new ArrayList<>();
        for (String db : candidates) {
            Optional<Long> pid = deadOwnerOnThisHost(db);
            if (pid.isPresent()) {
                drop(server, db);
                dropped.add(db);
                log.println("[dbstudy] dropped the test database " + db + " on " + server
                        + ": its test process " + pid.get() + " on this host is gone");
            }
        }
        return dropped;
    }

    /** The owner's PID when {@code database} is a scratch database of this host whose owner is not running. */
    static Optional<Long> deadOwnerOnThisHost(String database) {
        Matcher m = NAME.matcher(database);
        if (!m.matches() || !m.group(1).equals(hostTag())) {
            return Optional.empty();
        }
        long pid = Long.parseLong(m.group(2));
        boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        return alive ? Optional.empty() : Optional.of(pid);
    }

    /** A new name: this host, this process, and a random part for several databases per process. */
    static String newName() {
        String random = Long.toString(ThreadLocalRandom.current().nextLong(1L << 40), 36);
        return PREFIX + hostTag() + "_" + ProcessHandle.current().pid() + "_" + random;
    }

    /** A short, stable tag of this host's name (database names are at most 63 characters). */
    static String hostTag() {
        return Integer.toUnsignedString(hostName().hashCode(), 36);
    }

    private static String hostName() {
        try {
            // The kernel's name needs no name service (InetAddress may wait for DNS).
            return Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.UTF_8).strip().toLowerCase(Locale.ROOT);
        } catch (IOException | RuntimeException notLinux) {
            try {
                return InetAddress.getLocalHost().getHostName().toLowerCase(Locale.ROOT);
            } catch (IOException unknown) {
                return "unknown-host";
            }
        }
    }

    /** Whether a server of this kind speaks PostgreSQL's catalogue (else MySQL's information_schema). */
    private static boolean postgres(DatabaseKind kind) {
        return switch (kind) {
            case POSTGRESQL -> true;
            case MYSQL, MARIADB -> false;
        };
    }

    /** Drops a database, closing the sessions still in it (PostgreSQL 13+ {@code WITH (FORCE)}). */
    private static void drop(DatabaseEndpoint server, String database) throws SQLException {
        if (!database.startsWith(PREFIX) || !database.matches("[a-z0-9_]+")) {
            throw new IllegalArgumentException("not a test database: " + database);
        }
        try (Connection c = server.connect(); Statement s = c.createStatement()) {
            if (!postgres(server.kind())) {
                s.execute("DROP DATABASE IF EXISTS " + database);
                return;
            }
            try {
                s.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
            } catch (SQLException olderThan13) {
                s.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + database + "'");
                s.execute("DROP DATABASE IF EXISTS " + database);
            }
        }
    }

    @Override
    public String toString() {
        return endpoint.toString();
    }
}
