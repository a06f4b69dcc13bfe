package org.dbstudy.databases;

import org.dbstudy.vocabulary.DatabaseKind;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a test could change on a server beyond its own session and tables: MariaDB's global
 * variables, PostgreSQL's {@code ALTER SYSTEM} settings, and the roles/users named {@code dbstudy…}.
 * Tests take a snapshot before and compare after, so a test that changes the machine's servers fails.
 */
public final class ServerState {
    /** Global variables that change by themselves while a server runs. */
    private static final Set<String> MOVING = Set.of("gtid_binlog_pos", "gtid_binlog_state", "gtid_current_pos",
            "gtid_slave_pos", "timestamp", "last_insert_id", "insert_id", "rand_seed1", "rand_seed2");

    private ServerState() {
    }

    /** name → value of everything global the server lets a login see; sorted, for readable differences. */
    public static Map<String, String> snapshot(DatabaseEndpoint server) throws SQLException {
        Map<String, String> state = new TreeMap<>();
        try (Connection c = server.connect(); Statement st = c.createStatement()) {
            boolean mysqlFamily = switch (server.kind()) {
                case POSTGRESQL -> false;
                case MYSQL, MARIADB -> true; // MySQL was sent to the PostgreSQL side before; no test server is one
            };
            if (mysqlFamily) {
                try (ResultSet rs = st.executeQuery("SHOW GLOBAL VARIABLES")) {
                    while (rs.next()) {
                        String name = rs.getString(1).toLowerCase(java.util.Locale.ROOT);
                        if (!MOVING.contains(name)) {
                            state.put("global " + name, rs.getString(2));
                        }
                    }
                }
                rows(st, "SELECT CONCAT(User, '@', Host) FROM mysql.user WHERE User LIKE 'dbstudy%'", "user ", state);
            } else {
                // ALTER SYSTEM writes postgresql.auto.conf; it shows here before any reload applies it.
                rows(st, "SELECT name || '=' || setting FROM pg_file_settings WHERE sourcefile LIKE '%postgresql.auto.conf'",
                        "alter system ", state);
                rows(st, "SELECT rolname FROM pg_roles WHERE rolname LIKE 'dbstudy%'", "role ", state);
            }
        }
        return state;
    }

    /** One line per name whose value differs ("name: before → after"); empty when nothing changed. */
    public static List<String> differences(Map<String, String> before, Map<String, String> after) {
        Set<String> names = new TreeSet<>(before.keySet());
        names.addAll(after.keySet());
        List<String> lines = new ArrayList<>();
        for (String name : names) {
            String a = before.get(name);
            String b = after.get(name);
            if (a == null ? b != null : !a.equals(b)) {
                lines.add(name + ": " + (a == null ? "(absent)" : a) + " -> " + (b == null ? "(absent)" : b));
            }
        }
        return lines;
    }

    private static void rows(Statement st, String sql, String prefix, Map<String, String> into) {
        try (ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                into.put(prefix + rs.getString(1), "present");
            }
        } catch (SQLException e) {
            // A login without the rights to read this sees nothing to compare; say so in the snapshot.
            into.put(prefix + "(not readable)", e.getMessage());
        }
    }
}
