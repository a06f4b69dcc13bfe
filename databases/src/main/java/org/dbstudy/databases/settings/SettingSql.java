package org.dbstudy.databases.settings;

import java.sql.Connection;
import java.sql.SQLException;
import org.dbstudy.vocabulary.DatabaseKind;

/** How one kind of server's global settings are described, changed, reloaded and compared. */
interface SettingSql {
    /** The setting as the server has it now, or null when the server has no such setting. */
    Setting describe(Connection c, String name) throws SQLException;

    /** Changes the server's value so that it holds after a reload or restart. */
    void set(Connection c, String name, String value) throws SQLException;

    /**
     * Whether a restart-needing setting is written over SQL before the restart (PostgreSQL's
     * {@code ALTER SYSTEM}); else the restart itself must start the server with it (MySQL/MariaDB).
     */
    boolean writesForRestart();

    /** Puts back what {@code original} was: its value, or no SQL-made value at all. */
    void restore(Connection c, Setting original) throws SQLException;

    /** How {@link #set} and a restart change {@code s}, for the journal: {@code ALTER SYSTEM + reload}, {@code SET GLOBAL}, … */
    String appliedBy(Setting s);

    /** Makes changed dynamic settings take effect for new sessions. */
    void reload(Connection c) throws SQLException;

    /** Whether the server's {@code actual} value is the {@code wanted} one, units and spellings aside. */
    boolean same(Setting setting, String wanted, String actual);

    static SettingSql of(DatabaseKind kind) {
        return switch (kind) {
            case POSTGRESQL -> new PostgresSettingSql();
            case MYSQL, MARIADB -> new MySqlSettingSql();
        };
    }
}
