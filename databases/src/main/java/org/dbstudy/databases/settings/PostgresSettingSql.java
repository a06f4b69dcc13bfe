package org.dbstudy.databases.settings;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * PostgreSQL: {@code pg_settings} says how a setting changes ({@code context}: {@code postmaster}
 * needs a restart, {@code internal} never changes, the others reload); {@code ALTER SYSTEM} writes
 * {@code postgresql.auto.conf}, {@code pg_reload_conf()} applies it to new sessions; values are read
 * with {@code current_setting} and compared in the setting's unit.
 */
final class PostgresSettingSql implements SettingSql {
    /** The file ALTER SYSTEM writes: a setting whose source file is this one was set by ALTER SYSTEM. */
    private static final String AUTO_CONF = "postgresql.auto.conf";

    @Override
    public Setting describe(Connection c, String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "select current_setting(name), unit, context, coalesce(sourcefile, '') from pg_settings where name = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return null;
                }
                String context = rs.getString(3);
                return new Setting(name, rs.getString(1), rs.getString(2), "postmaster".equals(context),
                        rs.getString(4).endsWith(AUTO_CONF), !"internal".equals(context));
            }
        }
    }

    @Override
    public void set(Connection c, String name, String value) throws SQLException {
        try (Statement s = c.createStatement()) {
            // ALTER SYSTEM takes no bind parameters; the name is one pg_settings knows, the value a quoted literal.
            s.execute("ALTER SYSTEM SET " + name + " = '" + value.replace("'", "''") + "'");
        }
    }

    @Override
    public String appliedBy(Setting s) {
        return s.needsRestart() ? "ALTER SYSTEM + restart" : "ALTER SYSTEM + reload";
    }

    @Override
    public boolean writesForRestart() {
        return true;
    }

    @Override
    public void restore(Connection c, Setting original) throws SQLException {
        if (original.persisted()) {
            set(c, original.name(), original.value());
            return;
        }
        try (Statement s = c.createStatement()) {
            s.execute("ALTER SYSTEM RESET " + original.name());
        }
    }

    @Override
    public void reload(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("select pg_reload_conf()");
        }
    }

    @Override
    public boolean same(Setting setting, String wanted, String actual) {
        return Units.same(wanted, actual, setting.unit());
    }
}
