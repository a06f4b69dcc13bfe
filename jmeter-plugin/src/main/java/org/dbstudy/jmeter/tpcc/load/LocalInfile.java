package org.dbstudy.jmeter.tpcc.load;

import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * How each MySQL-protocol driver takes the stream that {@code LOAD DATA LOCAL INFILE} reads instead of
 * a file. Either driver's jar may be missing where the plugin runs, so a driver is only asked about
 * once its classes load.
 */
enum LocalInfile {
    /** MariaDB Connector/J ({@code allowLocalInfile}, on by default). */
    MARIADB_CONNECTOR {
        @Override
        boolean drives(Connection c) throws SQLException {
            return c.isWrapperFor(org.mariadb.jdbc.Connection.class);
        }

        @Override
        Statement statement(Connection c, InputStream rows) throws SQLException {
            org.mariadb.jdbc.Statement s = c.unwrap(org.mariadb.jdbc.Connection.class).createStatement();
            s.setLocalInfileInputStream(rows);
            return s;
        }
    },
    /** MySQL Connector/J (needs {@code allowLoadLocalInfile=true} in the URL). */
    MYSQL_CONNECTOR {
        @Override
        boolean drives(Connection c) throws SQLException {
            return c.isWrapperFor(com.mysql.cj.jdbc.JdbcConnection.class);
        }

        @Override
        Statement statement(Connection c, InputStream rows) throws SQLException {
            Statement s = c.unwrap(com.mysql.cj.jdbc.JdbcConnection.class).createStatement();
            s.unwrap(com.mysql.cj.jdbc.JdbcStatement.class).setLocalInfileInputStream(rows);
            return s;
        }
    };

    abstract boolean drives(Connection c) throws SQLException;

    /** A statement of the driver's own whose LOAD DATA LOCAL INFILE reads {@code rows}; the caller closes it. */
    abstract Statement statement(Connection c, InputStream rows) throws SQLException;

    /** The driver behind the connection, or null for one this class does not know. */
    static LocalInfile of(Connection c) throws SQLException {
        for (LocalInfile d : values()) {
            try {
                if (d.drives(c)) {
                    return d;
                }
            } catch (LinkageError absent) {
                // This driver's jar is not on the class path, so it is not the one in use.
            }
        }
        return null;
    }
}
