package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.ScratchDatabase;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.generator.design.Target;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.JdbcUrls;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 42: {@code run --db mariadb} on a study whose only target is PostgreSQL ran every cell, setUp's
 * DROP TABLE included, in the local MariaDB's {@code test} database, a URL invented from a default.
 */
class UndeclaredTargetTest {
    @TempDir
    Path dir;

    @Test
    void aDbOfAKindNoTargetHasIsRefusedBeforeAnythingIsCreatedAnywhere() throws Exception {
        try (ScratchDatabase own = TestDatabases.newDatabase(DatabaseKind.POSTGRESQL)) {
            DatabaseEndpoint pg = own.endpoint();
            Path study = dir.resolve("transfer.yaml");
            Files.writeString(study, """
                    name: transfer
                    workload: {template: tpcb, parameters: {scale: 1}}
                    targets:
                      - {name: local, dialect: postgresql, url: "%s", user: %s}
                    factors:
                      clients: [1, 2]
                    settings: {duration: 5, ramp_up: 0, warm_up: 0, rest: 0}
                    """.formatted(pg.url(), pg.user()));
            assertEquals(0, MainTest.run("check", "--study", study.toString()).status(), "a right study file");
            List<String> mariadbBefore = mariadbTables();
            Path out = dir.resolve("out");

            MainTest.Run r = MainTest.run("run", "--study", study.toString(), "--db", "mariadb", "--out", out.toString());

            assertEquals(Main.USER_ERROR, r.status(), r.out() + r.err());
            assertEquals(List.of("dbstudy run: --db mariadb: study transfer has no mariadb target (its targets: local"
                    + " (postgresql " + JdbcUrls.redact(pg.url()) + ")); give --url jdbc:mariadb://HOST:PORT/DATABASE for the MariaDB"
                    + " database to run in, or --db postgres"), r.err().lines().toList());
            assertEquals("", r.out(), "nothing started, nothing said of a database");
            assertFalse(Files.exists(out), "no run folder");
            assertEquals(List.of(), tables(pg), "the study's own PostgreSQL database stays empty");
            assertEquals(mariadbBefore, mariadbTables(), "MariaDB gained nothing");
        }
    }

    @Test
    void aTargetOfTheKindAnEmbeddedServerOrAUrlIsWhereTheRunGoes() {
        List<Target> pgOnly = List.of(new Target("local", DatabaseKind.POSTGRESQL, "jdbc:postgresql://db:5432/x", "u"));
        // Each of these passes: the documented commands (a declared target, an embedded kind, --url).
        DeclaredTarget.require("s", pgOnly, "postgres", null);
        DeclaredTarget.require("s", pgOnly, "PostgreSQL", null);
        DeclaredTarget.require("s", pgOnly, "embedded-mariadb", null);
        DeclaredTarget.require("s", pgOnly, "mariadb", "jdbc:mariadb://db:3306/x");
        UserError mysql = assertThrows(UserError.class, () -> DeclaredTarget.require("lock", List.of(
                new Target("a", DatabaseKind.MARIADB, "jdbc:mariadb://h/x?password=secret", "root"),
                new Target("b", DatabaseKind.MARIADB, "jdbc:mariadb://h2/x", "root")), "mysql", null));
        assertEquals("--db mysql: study lock has no mysql target (its targets: a (mariadb jdbc:mariadb://h/x?password=***),"
                + " b (mariadb jdbc:mariadb://h2/x)); give --url jdbc:mysql://HOST:PORT/DATABASE for the MySQL database"
                + " to run in, or --db mariadb", mysql.getMessage());
    }

    /** Every table of the MariaDB server tests use, but in other tests' databases of their own. */
    private static List<String> mariadbTables() throws SQLException {
        List<String> tables = new ArrayList<>();
        try (Connection c = TestDatabases.server(DatabaseKind.MARIADB).connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT table_schema, table_name FROM information_schema.tables"
                     + " WHERE table_schema NOT IN ('mysql', 'information_schema', 'performance_schema', 'sys')"
                     + " AND table_schema NOT LIKE 'dbstudy\\_t\\_%' ORDER BY 1, 2")) {
            while (rs.next()) {
                tables.add(rs.getString(1) + "." + rs.getString(2));
            }
        }
        return tables;
    }

    private static List<String> tables(DatabaseEndpoint db) throws SQLException {
        List<String> tables = new ArrayList<>();
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT table_schema || '.' || table_name FROM information_schema.tables"
                     + " WHERE table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1")) {
            while (rs.next()) {
                tables.add(rs.getString(1));
            }
        }
        return tables;
    }
}
