package org.dbstudy.cli;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.JdbcUrls;

/**
 * Where the study's database is and how to log in. The password lives only in memory: it reaches
 * JMeter through a file readable by the owner alone, and never appears in {@link #toString()}.
 */
record ConnectionSettings(DatabaseKind kind, String url, String user, String password) {

    Connection connect() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", user);
        p.setProperty("password", password == null ? "" : password);
        // Preflight must not hang on a firewall that drops packets.
        DriverManager.setLoginTimeout(10);
        return DriverManager.getConnection(url, p);
    }

    /** The URL with any password in it masked, for reports and messages. */
    String redactedUrl() {
        return JdbcUrls.redact(url);
    }

    @Override
    public String toString() {
        return kind.id() + " " + redactedUrl() + " as " + user;
    }
}
