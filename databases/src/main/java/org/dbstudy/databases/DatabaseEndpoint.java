package org.dbstudy.databases;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * Where a database is and how to log in, plus where that answer came from (for messages).
 * {@link #toString()} never shows the password.
 */
public record DatabaseEndpoint(DatabaseKind kind, String url, String user, String password, String origin) {

    public Connection connect() throws SQLException {
        Properties props = new Properties();
        props.setProperty("user", user);
        if (password != null) {
            props.setProperty("password", password);
        }
        return DriverManager.getConnection(url, props);
    }

    /** The same server reached through another JDBC URL scheme (e.g. MySQL Connector/J to MariaDB). */
    public DatabaseEndpoint withUrl(String otherUrl) {
        return new DatabaseEndpoint(kind, otherUrl, user, password, origin);
    }

    @Override
    public String toString() {
        return kind.displayName() + " at " + url + " as " + user + " (" + origin + ")";
    }
}
