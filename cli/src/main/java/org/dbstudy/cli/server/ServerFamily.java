package org.dbstudy.cli.server;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * What the runner asks a database before a study: which settings shape results, and whether a
 * session setting exists. One constant per family; nothing else asks which database it is.
 */
public enum ServerFamily {
    POSTGRESQL(List.of("server_version", "max_connections", "shared_buffers", "work_mem", "effective_cache_size",
            "random_page_cost", "default_transaction_isolation", "synchronous_commit", "fsync", "full_page_writes",
            "max_wal_size",
            "checkpoint_timeout", "autovacuum", "autovacuum_naptime", "lock_timeout", "statement_timeout", "deadlock_timeout",
            "max_pred_locks_per_transaction"),
            // current_setting gives values with their units (128MB, not 16384 pages)
            "SELECT current_setting(?)") {
        @Override
        public Identity identify(Connection c) throws SQLException {
            try (PreparedStatement ps = c.prepareStatement("SELECT version(), current_setting('server_version')");
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                String full = rs.getString(1);
                // version() begins with the product: "PostgreSQL 15.8 on x86_64-pc-linux-gnu, compiled by …"
                return new Identity(full.split(" ", 2)[0], rs.getString(2), full);
            }
        }
    },
    MYSQL(List.of("version", "version_comment", "max_connections", "innodb_buffer_pool_size",
            "innodb_lock_wait_timeout", "transaction_isolation", "tx_isolation", "thread_handling",
            "innodb_flush_log_at_trx_commit", "innodb_doublewrite", "sync_binlog", "log_bin", "max_execution_time",
            "max_statement_time", "innodb_deadlock_detect"),
            // No scope: the session's value where there is one, else the global (max_connections).
            "SELECT @@%s") {
        @Override
        public Identity identify(Connection c) throws SQLException {
            try (PreparedStatement ps = c.prepareStatement("SELECT @@version, @@version_comment");
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                String version = rs.getString(1);
                String comment = rs.getString(2) == null ? "" : rs.getString(2);
                // MySQL Connector/J calls every server "MySQL"; MariaDB says so in its version string.
                DatabaseKind kind = DatabaseKind.fromServerText(version + " " + comment);
                String product = (kind == null ? DatabaseKind.MYSQL : kind).displayName();
                return new Identity(product, version, version + " (" + comment + ")");
            }
        }
    };

    /** What the server says it is: product, version, and its own full description. */
    public record Identity(String product, String version, String description) {
    }

    private final List<String> settingsThatShapeResults;
    private final String settingQuery;

    ServerFamily(List<String> settings, String settingQuery) {
        this.settingsThatShapeResults = settings;
        this.settingQuery = settingQuery;
    }

    /** The server's own product and version, asked over SQL (not the driver's metadata). */
    public abstract Identity identify(Connection c) throws SQLException;

    public static ServerFamily of(DatabaseKind kind) {
        return switch (kind) {
            case POSTGRESQL -> POSTGRESQL;
            case MYSQL, MARIADB -> MYSQL;
        };
    }

    /** The settings a report should show, with the server's values; unknown ones are left out. */
    public Map<String, String> settings(Connection c) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : settingsThatShapeResults) {
            String value = setting(c, name);
            if (value != null) {
                out.put(name, value);
            }
        }
        return out;
    }

    /** The setting's value, or null when the server has no such setting. */
    public String setting(Connection c, String name) {
        if (!name.matches("[A-Za-z_][A-Za-z0-9_.]*")) {
            return null;
        }
        boolean bound = settingQuery.contains("?");
        String sql = bound ? settingQuery : String.format(Locale.ROOT, settingQuery, name);
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            if (bound) {
                ps.setString(1, name);
            }
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        } catch (SQLException unknownVariable) {
            return null; // MySQL and MariaDB answer an unknown variable with an error
        }
    }
}
