package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;
import java.util.Properties;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.Test;

/**
 * The connection on a cell's JMeter command line: URL and user as properties, every secret (the password,
 * and since issue 46 a URL's {@code sslpassword=} and the like) through JMeter's standard input only.
 */
class ConnectionArgsTest {
    private static final String URL = "jdbc:postgresql://127.0.0.1:5432/test?sslmode=prefer&sslpassword=Key-4711&password=Pw-4712";

    @Test
    void aUrlWithAKeyPasswordReachesJMeterThroughItsInputOnly() throws Exception {
        ConnectionSettings db = new ConnectionSettings(DatabaseKind.POSTGRESQL, URL, "u", null);
        assertEquals("jdbc:postgresql://127.0.0.1:5432/test?sslmode=prefer&sslpassword=Key-4711", db.url(), "the password moved out");
        assertEquals("postgresql jdbc:postgresql://127.0.0.1:5432/test?sslmode=prefer&sslpassword=*** as u", db.toString());
        assertTrue(StudyRunner.hasSecret(db));
        for (boolean remote : new boolean[] {false, true}) {
            List<String> args = StudyRunner.connectionArgs(db, true, remote);
            String prefix = remote ? "-G" : "-J";
            assertEquals(List.of(prefix + "db.user=u", remote ? "-G" : "-q", StudyRunner.PASSWORD_INPUT), args);
        }
        Properties input = new Properties();
        input.load(new StringReader(StudyRunner.secretProperties(db)));
        assertEquals(db.url(), input.getProperty("db.url"));
        assertEquals("Pw-4712", input.getProperty("db.password"));
    }

    @Test
    void aUrlWithoutSecretsStaysOnTheCommandLine() throws Exception {
        ConnectionSettings db = new ConnectionSettings(DatabaseKind.MARIADB, "jdbc:mariadb://127.0.0.1:3306/test?useSsl=false",
                "root", "");
        assertFalse(StudyRunner.hasSecret(db));
        assertEquals(List.of("-Jdb.url=jdbc:mariadb://127.0.0.1:3306/test?useSsl=false", "-Jdb.user=root"),
                StudyRunner.connectionArgs(db, false, false));
        ConnectionSettings keystore = new ConnectionSettings(DatabaseKind.MARIADB,
                "jdbc:mariadb://127.0.0.1:3306/test?trustStorePassword=T-1", "root", "");
        assertTrue(StudyRunner.hasSecret(keystore));
        Properties input = new Properties();
        input.load(new StringReader(StudyRunner.secretProperties(keystore)));
        assertEquals(null, input.getProperty("db.password"), "no password to pass");
        assertEquals(keystore.url(), input.getProperty("db.url"));
    }
}
