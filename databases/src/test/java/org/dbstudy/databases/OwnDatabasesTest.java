package org.dbstudy.databases;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Tests work in databases of their own and never touch anything else on the servers they share with
 * studies and other engineers' test runs (issue 22: the test guard dropped a running study's
 * {@code dbstudy_tpcc} marker table from the local {@code test} database).
 */
class OwnDatabasesTest {

    @ParameterizedTest
    @EnumSource(names = {"POSTGRESQL", "MARIADB"})
    void testsGetADatabaseOfTheirOwnNamedAfterThisProcess(DatabaseKind kind) throws Exception {
        DatabaseEndpoint own = TestDatabases.get(kind);
        String name = currentDatabase(own);
        assertTrue(name.startsWith("dbstudy_t_" + ScratchDatabase.hostTag() + "_" + ProcessHandle.current().pid() + "_"), name);
        assertFalse(currentDatabase(TestDatabases.server(kind)).equals(name), "the server's own database is not the test's");
    }

    @ParameterizedTest
    @EnumSource(names = {"POSTGRESQL", "MARIADB"})
    void aStudysTablesBesideTheTestsSurviveTheChecksAfterATestClass(DatabaseKind kind) throws Exception {
        DatabaseEndpoint shared = TestDatabases.server(kind);
        DatabaseEndpoint own = TestDatabases.get(kind);
        String studyTable = "dbstudy_tpcc_" + Long.toString(System.nanoTime(), 36);
        String testTable = "dbstudy_left_by_a_test";
        ServersLeftAsFound.Before before = ServersLeftAsFound.Before.take();
        // During the class: a study beside the tests creates its marker table in the shared database,
        // and the class leaves a table in its own.
        sql(shared, "CREATE TABLE " + studyTable + " (id int)");
        try {
            sql(own, "CREATE TABLE " + testTable + " (id int)");
            before.check("this class");
            assertTrue(tables(shared).contains(studyTable), "the study's table is gone from " + shared);
            assertFalse(tables(own).contains(testTable), "the table the class left in its own database stays");
        } finally {
            sql(shared, "DROP TABLE IF EXISTS " + studyTable);
        }
    }

    @ParameterizedTest
    @EnumSource(names = {"POSTGRESQL", "MARIADB"})
    void aTestJvmDropsItsDatabaseWhenItEndsAndOneKilledIsDroppedAtTheNextStart(DatabaseKind kind) throws Exception {
        DatabaseEndpoint server = TestDatabases.server(kind);
        // Ends normally: its shutdown hook drops the database.
        Child ended = Child.start(server);
        assertTrue(databases(server).contains(ended.database), ended.database);
        ended.process.getOutputStream().close();
        assertTrue(ended.process.waitFor(120, TimeUnit.SECONDS));
        assertFalse(databases(server).contains(ended.database), ended.database + " outlived its JVM");

        // Killed (SIGKILL: no hook runs): the database stays until a test JVM on this host starts.
        Child killed = Child.start(server);
        killed.process.destroyForcibly();
        assertTrue(killed.process.waitFor(60, TimeUnit.SECONDS));
        assertTrue(databases(server).contains(killed.database), killed.database);
        ByteArrayOutputStream note = new ByteArrayOutputStream();
        List<String> dropped = ScratchDatabase.dropLeftovers(server, new PrintStream(note, true, StandardCharsets.UTF_8));
        assertTrue(dropped.contains(killed.database), dropped.toString());
        assertFalse(databases(server).contains(killed.database));
        assertTrue(note.toString(StandardCharsets.UTF_8).contains("dropped the test database " + killed.database)
                && note.toString(StandardCharsets.UTF_8).contains("its test process " + killed.process.pid() + " on this host is gone"),
                note.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @EnumSource(names = {"POSTGRESQL", "MARIADB"})
    void leftoversOfLiveProcessesAndOtherHostsStay(DatabaseKind kind) throws Exception {
        DatabaseEndpoint server = TestDatabases.server(kind);
        String live = ScratchDatabase.PREFIX + ScratchDatabase.hostTag() + "_" + ProcessHandle.current().pid() + "_live";
        String otherHost = ScratchDatabase.PREFIX + "otherhost_1_x";
        sql(server, "CREATE DATABASE " + live);
        sql(server, "CREATE DATABASE " + otherHost);
        try {
            List<String> dropped = ScratchDatabase.dropLeftovers(server, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            assertFalse(dropped.contains(live), dropped.toString());
            assertFalse(dropped.contains(otherHost), dropped.toString());
            assertTrue(databases(server).containsAll(List.of(live, otherHost)));
        } finally {
            sql(server, "DROP DATABASE IF EXISTS " + live);
            sql(server, "DROP DATABASE IF EXISTS " + otherHost);
        }
        assertEquals(java.util.Optional.empty(), ScratchDatabase.deadOwnerOnThisHost("test"), "only dbstudy_t_ names are candidates");
    }

    /** A JVM like a module's test JVM that took its own database. */
    private record Child(Process process, String database) {
        /** A child on this JVM's test server (named by the environment, as a user would; an embedded one too). */
        static Child start(DatabaseEndpoint server) throws Exception {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    OwnDatabaseChild.class.getName(), server.kind().name()).redirectError(ProcessBuilder.Redirect.INHERIT);
            String prefix = server.kind() == DatabaseKind.POSTGRESQL ? "DBSTUDY_PG" : "DBSTUDY_MARIADB";
            pb.environment().remove("DBSTUDY_TEST_DB");
            pb.environment().put(prefix + "_URL", server.url());
            pb.environment().put(prefix + "_USER", server.user());
            pb.environment().put(prefix + "_PASSWORD", server.password());
            Process p = pb.start();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            assertTrue(line != null && line.startsWith("own "), "the child said: " + line);
            String url = line.substring(4);
            String path = url.substring(url.indexOf('/', url.indexOf("//") + 2) + 1);
            return new Child(p, path.replaceAll("[?;].*", ""));
        }
    }

    private static String currentDatabase(DatabaseEndpoint db) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(db.kind() == DatabaseKind.POSTGRESQL ? "SELECT current_database()" : "SELECT DATABASE()")) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static List<String> databases(DatabaseEndpoint server) throws SQLException {
        String q = server.kind() == DatabaseKind.POSTGRESQL ? "SELECT datname FROM pg_database"
                : "SELECT schema_name FROM information_schema.schemata";
        return rows(server, q);
    }

    private static List<String> tables(DatabaseEndpoint db) throws SQLException {
        String q = db.kind() == DatabaseKind.POSTGRESQL ? "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
                : "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE()";
        return rows(db, q);
    }

    private static List<String> rows(DatabaseEndpoint db, String q) throws SQLException {
        List<String> out = new java.util.ArrayList<>();
        try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(q)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    private static void sql(DatabaseEndpoint db, String statement) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }
}
