package org.dbstudy.cli.server;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.JdbcUrls;

/**
 * Where the study's database is and how to log in. The password lives only in memory: it reaches
 * JMeter through a pipe (its standard input), and never appears in the URL or {@link #toString()}.
 */
public record ConnectionSettings(DatabaseKind kind, String url, String user, String password) {

    /**
     * A password written into the URL ({@code password=} or {@code user:password@}) is moved out of it
     * here, before the URL is logged, recorded or put on JMeter's command line; a different password
     * given besides it is a mistake.
     */
    public ConnectionSettings {
        String inUrl = url == null ? null : JdbcUrls.password(url);
        if (inUrl != null) {
            url = JdbcUrls.withoutPassword(url);
            if (password != null && !password.isEmpty() && !password.equals(inUrl)) {
                throw new UserError("the URL " + JdbcUrls.redact(url) + " and --password-env give two different passwords; give one");
            }
            password = inUrl;
        }
    }

    public Connection connect() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", user);
        p.setProperty("password", password == null ? "" : password);
        // Preflight must not hang on a firewall that drops packets.
        DriverManager.setLoginTimeout(10);
        return DriverManager.getConnection(url, p);
    }

    /** The URL with any password in it masked, for reports and messages. */
    public String redactedUrl() {
        return JdbcUrls.redact(url);
    }

    @Override
    public String toString() {
        return kind.id() + " " + redactedUrl() + " as " + user;
    }
}
