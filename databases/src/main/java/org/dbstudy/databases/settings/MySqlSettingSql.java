package org.dbstudy.databases.settings;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * MySQL and MariaDB: {@code SET GLOBAL} changes a dynamic variable for new sessions; a read-only one
 * (MariaDB's {@code information_schema.SYSTEM_VARIABLES.READ_ONLY}, e.g. {@code thread_handling}) needs
 * a restart with the option. Nothing is persisted: a restart forgets {@code SET GLOBAL}.
 */
final class MySqlSettingSql implements SettingSql {
    /** Read-only variables dbstudy may vary, for servers without SYSTEM_VARIABLES (MySQL). */
    private static final Set<String> STATIC = Set.of("thread_handling");
    private static final Pattern SIZE = Pattern.compile("[0-9]+[KMG]?");

    @Override
    public Setting describe(Connection c, String name) throws SQLException {
        String value = null;
        try (PreparedStatement ps = c.prepareStatement("SHOW GLOBAL VARIABLES LIKE ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next()) {
                    value = rs.getString(2);
                }
            }
        }
        if (value == null) {
            return null;
        }
        return new Setting(name, value, null, readOnly(c, name), false, true);
    }

    private static boolean readOnly(Connection c, String name) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "SELECT READ_ONLY FROM information_schema.SYSTEM_VARIABLES WHERE VARIABLE_NAME = ?")) {
            ps.setString(1, name.toUpperCase(Locale.ROOT));
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? "YES".equalsIgnoreCase(rs.getString(1)) : STATIC.contains(name);
            }
        } catch (SQLException noSuchTable) {
            // MySQL has no SYSTEM_VARIABLES table: fall back on what dbstudy knows to be static.
            return STATIC.contains(name);
        }
    }

    @Override
    public void set(Connection c, String name, String value) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SET GLOBAL " + name + " = " + literal(value));
        }
    }

    /** A number as a number (SET GLOBAL takes no K/M/G suffix, and a quoted number is refused), else quoted. */
    private static String literal(String value) {
        if (SIZE.matcher(value).matches()) {
            return Units.base(value, null).toBigInteger().toString();
        }
        return "'" + value.replace("'", "''") + "'";
    }

    @Override
    public String appliedBy(Setting s) {
        return s.needsRestart() ? "restart" : "SET GLOBAL";
    }

    @Override
    public boolean writesForRestart() {
        return false;
    }

    @Override
    public void restore(Connection c, Setting original) throws SQLException {
        if (!original.needsRestart()) {
            set(c, original.name(), original.value());
        }
    }

    @Override
    public void reload(Connection c) {
        // SET GLOBAL takes effect at once for new sessions.
    }

    @Override
    public boolean same(Setting setting, String wanted, String actual) {
        BigDecimal a = SIZE.matcher(wanted).matches() ? Units.base(wanted, null) : null;
        return a != null && actual.matches("[0-9]+") ? a.compareTo(new BigDecimal(actual)) == 0
                : Units.same(wanted, actual, null);
    }
}
