package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.apache.jmeter.samplers.SampleResult;
import org.dbstudy.databases.DatabaseEndpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** The sampler's contract: configuration checks, connection failures, reconnects, rows, GUI resources. */
class TransactionSamplerTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "isolationLevel|READ_SOMETIMES|field 'isolationLevel'",
        "lockWaitTimeoutMs|-5|field 'lockWaitTimeoutMs'",
        "statementTimeoutMs|soon|field 'statementTimeoutMs'",
        "statements| |field 'statements'",
        "maxTries|0|field 'maxTries'",
        "dialect|ORACLE|field 'dialect'",
        "sessionSettings|work mem=1|field 'sessionSettings'",
        "lockScope|TRANSACTION|field 'lockScope'",
    })
    void aFieldThatCannotWorkFailsTheSampleAndStopsTheTest(String field, String value, String expected) {
        TransactionSampler s = Samplers.sampler(Servers.POSTGRESQL.endpoint(), "bad", "SELECT 1;");
        s.setProperty(field, value);
        switch (field) {
            case "isolationLevel" -> s.setIsolationLevel(value);
            case "lockWaitTimeoutMs" -> s.setLockWaitTimeoutMs(value);
            case "statementTimeoutMs" -> s.setStatementTimeoutMs(value);
            case "statements" -> s.setStatements(value == null ? "" : value);
            case "maxTries" -> s.setMaxTries(value);
            case "dialect" -> s.setDialect(value);
            case "sessionSettings" -> s.setSessionSettings(value);
            case "lockScope" -> {
                s.setLockMode("NAMED_LOCK");
                s.setLockName("x");
                s.setTransactionMode("AUTOCOMMIT");
                s.setLockScope(value);
            }
            default -> throw new IllegalArgumentException(field);
        }
        SampleResult r = Samplers.once(s);
        assertFalse(r.isSuccessful());
        assertTrue(r.getResponseMessage().startsWith("configuration_error: " + expected), r.getResponseMessage());
        assertTrue(r.isStopTest(), "a configuration that cannot work stops the test");
    }

    @Test
    void anUnreachableUrlIsAConnectionFailureNamingTheServer() {
        TransactionSampler s = Samplers.sampler(Servers.POSTGRESQL.endpoint(), "down", "SELECT 1;");
        s.setUrl("jdbc:postgresql://127.0.0.1:1/test?connectTimeout=2");
        SampleResult r = Samplers.once(s);
        assertFalse(r.isSuccessful());
        assertEquals("connection_lost", Samplers.outcome(r), r.getResponseMessage());
        assertTrue(r.getResponseMessage().contains("field 'url' (jdbc:postgresql://127.0.0.1:1/test"), r.getResponseMessage());
        assertTrue(r.getResponseCode().startsWith("08"), r.getResponseCode());
        assertFalse(r.isStopTest(), "refused connections are data in a stress test, not a reason to stop");
    }

    @Test
    void aRoleWithoutConnectionsLeftIsTooManyConnectionsOnPostgres() throws Exception {
        // Roles are global to the server: on an embedded one (a JVM killed halfway would leave a role on
        // the machine's), with a name of its own, dropped whatever the test's result.
        DatabaseEndpoint db = Servers.POSTGRESQL.embeddedEndpoint("TransactionSamplerTest creates a role");
        String role = "dbstudy_limited_" + Long.toString(System.nanoTime(), 36);
        // With the endpoint's password: the embedded server checks it before the connection limit.
        Samplers.sql(db, "CREATE ROLE " + role + " LOGIN CONNECTION LIMIT 0 PASSWORD '" + db.password() + "'");
        try {
            TransactionSampler s = Samplers.sampler(db, "refused", "SELECT 1;");
            s.setUser(role);
            SampleResult r = Samplers.once(s);
            assertEquals("too_many_connections", Samplers.outcome(r), r.getResponseMessage());
            assertTrue(r.getResponseCode().startsWith("53300"), r.getResponseCode());
        } finally {
            Samplers.sql(db, "DROP ROLE IF EXISTS " + role);
        }
    }

    /**
     * S0's stress test: more clients than {@code max_connections}. The global limit is lowered, so this
     * runs on an embedded server only (a JVM killed halfway would leave a real server refusing
     * connections: {@link KilledMidTestTest}); connections are held until the server refuses one (a
     * SUPER user may take one more than the limit), then the sampler's connection is refused too.
     */
    @ParameterizedTest
    @EnumSource(value = Servers.class, names = {"MARIADB", "MYSQL_DRIVER_ON_MARIADB"})
    void moreClientsThanMaxConnectionsIsTooManyConnectionsOnMariaDb(Servers server) throws Exception {
        DatabaseEndpoint db = server.embeddedEndpoint(ConnectionsExhausted.WHY);
        try (ConnectionsExhausted full = ConnectionsExhausted.on(db)) {
            assertTrue(full.held() >= 1, "the lowered limit let no connection in");
            SampleResult r = Samplers.once(Samplers.sampler(db, "refused", "SELECT 1;"));
            assertEquals("too_many_connections", Samplers.outcome(r), r.getResponseCode() + " " + r.getResponseMessage());
            assertTrue(r.getResponseCode().endsWith(" 1040"), r.getResponseCode());
        }
    }

    @ParameterizedTest
    @EnumSource(Servers.class)
    void aLostConnectionIsReopenedOnTheNextSampleWhichSaysSo(Servers server) throws Exception {
        DatabaseEndpoint db = server.endpoint();
        TransactionSampler s = Samplers.sampler(db, "victim", server.isPostgres()
                ? "SELECT pg_backend_pid();" : "SELECT CONNECTION_ID();");
        s.setKeepRows("true");
        try {
            SampleResult first = s.sample(null);
            assertTrue(first.isSuccessful(), first.getResponseMessage());
            String id = first.getResponseDataAsString().split("\n")[1].trim();
            Samplers.sql(db, server.isPostgres() ? "SELECT pg_terminate_backend(" + id + ")" : "KILL " + id);
            SampleResult lost = s.sample(null);
            assertEquals("connection_lost", Samplers.outcome(lost), lost.getResponseMessage());
            SampleResult again = s.sample(null);
            assertTrue(again.isSuccessful(), again.getResponseMessage());
            assertTrue(again.getResponseMessage().contains("reconnected after connection_lost"), again.getResponseMessage());
        } finally {
            s.threadFinished();
        }
    }

    @ParameterizedTest
    @EnumSource(Servers.class)
    void aThreadKeepsItsConnectionUnlessEachSampleIsToHaveItsOwn(Servers server) throws Exception {
        String whoAmI = server.isPostgres() ? "SELECT pg_backend_pid();" : "SELECT CONNECTION_ID();";
        for (String scope : new String[] {"THREAD", "SAMPLE"}) {
            TransactionSampler s = Samplers.sampler(server.endpoint(), "scope", whoAmI);
            s.setKeepRows("true");
            s.setConnectionScope(scope);
            try {
                String first = s.sample(null).getResponseDataAsString().split("\n")[1];
                String second = s.sample(null).getResponseDataAsString().split("\n")[1];
                assertEquals("THREAD".equals(scope), first.equals(second), scope + ": sessions " + first + ", " + second);
            } finally {
                s.threadFinished();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Servers.class)
    void batchRowsInsertThatManyRowsInOneStatementAndRowsAreCounted(Servers server) throws Exception {
        DatabaseEndpoint db = server.endpoint();
        Samplers.sql(db, "DROP TABLE IF EXISTS dbstudy_batch",
                "CREATE TABLE dbstudy_batch (id int, name varchar(20))");
        TransactionSampler insert = Samplers.sampler(db, "insert", "INSERT INTO dbstudy_batch (id, name) VALUES (?, ?);");
        insert.setParameters("7, str:a\\,b");
        insert.setBatchRows("500");
        SampleResult r = Samplers.once(insert);
        assertTrue(r.isSuccessful(), r.getResponseMessage());
        assertTrue(r.getResponseMessage().contains("rows=500"), r.getResponseMessage());
        TransactionSampler read = Samplers.sampler(db, "read", "SELECT id, name FROM dbstudy_batch LIMIT 200;");
        SampleResult rr = Samplers.once(read);
        assertTrue(rr.getResponseMessage().startsWith("OK rows=200"), rr.getResponseMessage());
        try (Connection c = db.connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*), min(name) FROM dbstudy_batch WHERE id = 7")) {
            rs.next();
            assertEquals(500, rs.getInt(1));
            assertEquals("a,b", rs.getString(2));
        }
    }

    @ParameterizedTest
    @EnumSource(Servers.class)
    void aFailedStatementRollsBackTheWholeTransaction(Servers server) throws Exception {
        DatabaseEndpoint db = server.endpoint();
        Samplers.sql(db, "DROP TABLE IF EXISTS dbstudy_tx", "CREATE TABLE dbstudy_tx (id int primary key)");
        TransactionSampler s = Samplers.sampler(db, "tx",
                "INSERT INTO dbstudy_tx VALUES (1);\nINSERT INTO dbstudy_tx VALUES (1);");
        SampleResult r = Samplers.once(s);
        assertEquals("constraint_violation", Samplers.outcome(r), r.getResponseMessage());
        try (Connection c = db.connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*) FROM dbstudy_tx")) {
            rs.next();
            assertEquals(0, rs.getInt(1), "the first insert must be rolled back");
        }
    }

    @Test
    void aSessionSettingTheServerRefusesStopsTheTest() {
        TransactionSampler s = Samplers.sampler(Servers.POSTGRESQL.endpoint(), "set", "SELECT 1;");
        s.setSessionSettings("no_such_setting_anywhere=1");
        SampleResult r = Samplers.once(s);
        assertEquals("not_applied", Samplers.outcome(r), r.getResponseMessage());
        assertTrue(r.getResponseMessage().contains("no_such_setting_anywhere"), r.getResponseMessage());
        assertTrue(r.isStopTest());
    }

    @ParameterizedTest
    @EnumSource(Servers.class)
    void sessionSettingsAreApplied(Servers server) {
        String setting = server.isPostgres() ? "work_mem=7MB" : "innodb_lock_wait_timeout=7";
        String show = server.isPostgres() ? "SHOW work_mem;" : "SELECT @@innodb_lock_wait_timeout;";
        TransactionSampler s = Samplers.sampler(server.endpoint(), "show", show);
        s.setSessionSettings(setting);
        s.setKeepRows("true");
        SampleResult r = Samplers.once(s);
        assertTrue(r.isSuccessful(), r.getResponseMessage());
        assertEquals("7" + (server.isPostgres() ? "MB" : ""), r.getResponseDataAsString().split("\n")[1].trim());
    }

    @Test
    void theSamplerTravelsToRemoteAgentsWithoutItsConnection() throws Exception {
        TransactionSampler s = Samplers.sampler(Servers.POSTGRESQL.endpoint(), "remote", "SELECT 1;");
        assertTrue(s.sample(null).isSuccessful());
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(s);
        } finally {
            s.threadFinished();
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            TransactionSampler copy = (TransactionSampler) in.readObject();
            copy.setUrl(Servers.POSTGRESQL.endpoint().url());
            copy.setUser(Servers.POSTGRESQL.endpoint().user());
            copy.setStatements("SELECT 1;");
            assertTrue(Samplers.once(copy).isSuccessful());
        }
    }
}
