package org.dbstudy.databases;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Issue 46, items 1 and 2: the embedded servers are shut to another local user ({@code nobody}, with the
 * machine's own clients) and to a second network namespace, and run as an unprivileged account when
 * this JVM is root. Each refusal is set beside the same client getting in with the endpoint's password,
 * so that a refusal means the door is shut, not that the client could not run.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EmbeddedServersClosedTest {
    private static final Duration CLIENT = Duration.ofSeconds(30);
    private EmbeddedPostgres pg;
    private EmbeddedMariaDb maria;

    @BeforeAll
    void start() {
        OtherLocalUser.assumeAvailable();
        pg = EmbeddedPostgres.start(0);
        maria = EmbeddedMariaDb.start(0);
    }

    @AfterAll
    void stop() {
        try {
            if (pg != null) {
                pg.close();
            }
        } finally {
            if (maria != null) {
                maria.close();
            }
        }
    }

    @Test
    void aSecondNetworkNamespaceCannotConnect() {
        try (SecondNetworkNamespace ns = SecondNetworkNamespace.create()) {
            assertFalse(ns.canConnect(ns.hostAddress(), pg.port()), "embedded PostgreSQL listens beyond loopback");
            assertFalse(ns.canConnect(ns.hostAddress(), maria.port()), "embedded MariaDB listens beyond loopback");
        }
    }

    @Test
    void postgresRefusesAnotherLocalUserWithoutThePassword() {
        String exploit = "COPY (SELECT '') TO PROGRAM 'id'";
        assertRefused(psql("", "postgres", exploit), "no password");
        assertRefused(psql("PGPASSWORD=wrong-password ", "postgres", exploit), "a wrong password");
        assertRefused(psql("PGPASSWORD=wrong-password ", "nobody", exploit), "another user name");
        // No unix socket anywhere a client looks: not in /tmp (zonky's), not in /var/run/postgresql.
        for (String socketDir : List.of("/tmp", "/var/run/postgresql")) {
            assertFalse(Files.exists(Path.of(socketDir, ".s.PGSQL." + pg.port())), "a unix socket in " + socketDir);
            assertRefused(OtherLocalUser.shell(CLIENT, "psql -w -h " + socketDir + " -p " + pg.port()
                    + " -U postgres -d postgres -c \"" + exploit + "\""), "the unix socket in " + socketDir);
        }
        // The same client gets in with the endpoint's password (a throwaway one of this test's server).
        OtherLocalUser.Result in = psql("PGPASSWORD=" + pg.endpoint().password() + " ", "postgres", "SELECT 'in' || 'side'");
        assertTrue(in.succeeded() && in.output().contains("inside"), in.output());
    }

    @Test
    void mariadbRefusesAnotherLocalUserWithoutThePassword() throws Exception {
        Path outfile = Path.of("/tmp", "dbstudy-outfile-" + UUID.randomUUID());
        String exploit = "SELECT 'x' INTO OUTFILE '" + outfile + "'";
        assertRefused(mariadb("", "-u root", exploit), "no password");
        assertRefused(mariadb("", "-u root -pwrong-password", exploit), "a wrong password");
        assertRefused(mariadb("", "-u nobody", exploit), "another user name");
        assertRefused(mariadb("", "-u ''", exploit), "the anonymous user");
        Path socket = maria.dataDirectory().resolveSibling("mariadb.sock");
        assertTrue(Files.exists(socket), "the socket moved: " + socket);
        for (String user : List.of("root", "nobody")) {
            assertRefused(OtherLocalUser.shell(CLIENT, "mariadb --socket=" + socket + " -u " + user + " -e \"" + exploit + "\""),
                    "the unix socket as " + user);
        }
        assertFalse(Files.exists(outfile), "INTO OUTFILE wrote " + outfile);
        OtherLocalUser.Result in = mariadb("MYSQL_PWD=" + maria.endpoint().password() + " ", "-u root", "SELECT CONCAT('in', 'side')");
        assertTrue(in.succeeded() && in.output().contains("inside"), in.output());
    }

    @Test
    void mariadbHasGrantTablesNoAnonymousUserAndTheTestDatabase() throws Exception {
        try (Connection c = maria.endpoint().connect(); Statement s = c.createStatement()) {
            assertEquals(0, count(s, "SELECT COUNT(*) FROM mysql.user WHERE User = ''"), "anonymous users");
            assertEquals(0, count(s, "SELECT COUNT(*) FROM mysql.db WHERE User = ''"), "grants to anonymous users");
            assertEquals(1, count(s, "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'test'"));
        }
        String command = maria.serverProcess().orElseThrow().info().commandLine().orElse("");
        assertFalse(command.contains("skip-grant-tables"), command);
    }

    @Test
    void dataDirectoriesAreNotReadableByAnotherUser() {
        for (Path data : List.of(pg.dataDirectory(), maria.dataDirectory())) {
            OtherLocalUser.Result list = OtherLocalUser.run(CLIENT, "/bin/ls", data.toString());
            assertFalse(list.succeeded(), "nobody lists " + data + ": " + list.output());
            OtherLocalUser.Result read = OtherLocalUser.shell(CLIENT, "cat " + data.getParent() + "/*.log " + data + "/*");
            assertFalse(read.succeeded(), "nobody reads " + data + ": " + read.output());
        }
    }

    @Test
    void serversRunAsAnUnprivilegedAccountWhenThisJvmIsRoot() throws Exception {
        assertTrue(ServerAccount.runsAsRoot(), "this test is about a root JVM (OtherLocalUser needs root too)");
        for (ProcessHandle server : List.of(pg.serverProcess().orElseThrow(), maria.serverProcess().orElseThrow())) {
            int uid = realUid(server);
            assertNotEquals(0, uid, "server PID " + server.pid() + " runs as root");
            assertNotEquals(OtherLocalUser.UID, uid, "server PID " + server.pid() + " runs as nobody");
            assertEquals(ServerAccount.SYSTEM_ACCOUNT, Files.getOwner(pg.dataDirectory()).getName());
        }
    }

    @Test
    void aRestartKeepsThePasswordAndStaysClosed() throws Exception {
        Path before = pg.dataDirectory();
        pg.restart(Map.of("work_mem", "8MB"));
        maria.restart(Map.of());
        assertFalse(Files.exists(before), "the restart left the old folder " + before);
        try (Connection c = pg.endpoint().connect(); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SHOW work_mem")) {
            assertTrue(rs.next());
            assertEquals("8MB", rs.getString(1));
        }
        try (Connection c = maria.endpoint().connect()) {
            assertTrue(c.isValid(5));
        }
        assertRefused(psql("", "postgres", "SELECT 1"), "no password, after a restart");
        assertRefused(mariadb("", "-u root", "SELECT 1"), "no password, after a restart");
        assertNotEquals(0, realUid(pg.serverProcess().orElseThrow()));
        assertNotEquals(0, realUid(maria.serverProcess().orElseThrow()));
    }

    private OtherLocalUser.Result psql(String env, String user, String sql) {
        return OtherLocalUser.shell(CLIENT, env + "psql -w -h 127.0.0.1 -p " + pg.port() + " -U " + user
                + " -d postgres -c \"" + sql + "\"");
    }

    private OtherLocalUser.Result mariadb(String env, String login, String sql) {
        return OtherLocalUser.shell(CLIENT, env + "mariadb -h 127.0.0.1 -P " + maria.port() + " " + login
                + " -D test -e \"" + sql + "\"");
    }

    private static void assertRefused(OtherLocalUser.Result result, String how) {
        assertFalse(result.succeeded(), "nobody got in with " + how + ": " + result.output());
        assertFalse(result.output().contains("uid="), "nobody ran a program with " + how + ": " + result.output());
    }

    private static long count(Statement s, String sql) throws Exception {
        try (ResultSet rs = s.executeQuery(sql)) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    /** The real uid, first of the four on the {@code Uid:} line of /proc/PID/status. */
    static int realUid(ProcessHandle process) throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(process.pid()), "status"))) {
            if (line.startsWith("Uid:")) {
                return Integer.parseInt(line.substring(4).trim().split("\\s+")[0]);
            }
        }
        throw new IllegalStateException("no Uid line for PID " + process.pid());
    }
}
