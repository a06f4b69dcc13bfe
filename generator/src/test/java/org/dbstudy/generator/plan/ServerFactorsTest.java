package org.dbstudy.generator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.design.ServerSettings;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.generator.study.StudyFileRejection;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code server.<setting>} factors: each cell's server configuration, the run order that keeps restarts few, bad input. */
class ServerFactorsTest {
    private static final String HEAD = """
            name: server-factors
            workload: {template: crud}
            """;

    @TempDir
    Path dir;

    @Test
    void aCellsServerConfigurationIsTheFixedSettingsThenItsServerLevels() throws Exception {
        Study study = Studies.parse("s.yaml", HEAD + """
                factors:
                  users: [1]
                  server.work_mem: [4MB, 64MB]
                  session.work_mem: [1MB]
                server_settings: {fsync: off, innodb_flush_log_at_trx_commit: 2}
                """);
        assertEquals(List.of("work_mem"), study.variedServerSettings());
        assertEquals(Map.of("fsync", "off", "work_mem", "64MB"), study.serverConfiguration(study.cells().get(1)));
        assertEquals("users1-server.work_mem64MB-session.work_mem1MB", study.cells().get(1).id());
    }

    @Test
    void thePredicateLockTableIsAPostgresSettingThatNeedsARestart() throws Exception {
        Study study = Studies.parse("s.yaml", HEAD + """
                factors:
                  users: [1]
                  server.max_pred_locks_per_transaction: [64, 256]
                """);
        assertEquals(java.util.Set.of(Map.of("max_pred_locks_per_transaction", "64"),
                Map.of("max_pred_locks_per_transaction", "256")),
                study.cells().stream().map(study::serverConfiguration).collect(java.util.stream.Collectors.toSet()));
        ServerSettings.Known known = ServerSettings.byName("max_pred_locks_per_transaction");
        assertEquals(true, known.needsRestart(DatabaseKind.POSTGRESQL));
        assertEquals(Map.of(), ServerSettings.forDialect(Map.of("max_pred_locks_per_transaction", "256"), DatabaseKind.MARIADB));
    }

    @Test
    void cellsRunGroupedByTheSettingsThatNeedARestartThenByConfiguration() throws Exception {
        // Declared order would alternate shared_buffers (a restart) four times; grouped, it changes once.
        Study study = Studies.parse("s.yaml", HEAD + """
                factors:
                  server.work_mem: [4MB, 64MB]
                  users: [1, 2]
                  server.shared_buffers: [128MB, 1GB]
                """);
        List<String> order = study.cells().stream().map(c -> c.factors().get("server.shared_buffers") + "/"
                + c.factors().get("server.work_mem") + "/" + c.factors().get("users")).toList();
        assertEquals(List.of("128MB/4MB/1", "128MB/4MB/2", "128MB/64MB/1", "128MB/64MB/2",
                "1GB/4MB/1", "1GB/4MB/2", "1GB/64MB/1", "1GB/64MB/2"), order);
    }

    @Test
    void aSettingThatNeedsARestartOnOneKindOnlyGroupsOnlyThere() throws Exception {
        // max_connections restarts PostgreSQL but is dynamic on MariaDB: MariaDB keeps the design's order.
        String yaml = HEAD + """
                targets:
                  - {name: pg, dialect: postgresql}
                  - {name: maria, dialect: mariadb}
                factors:
                  server.innodb_lock_wait_timeout: [5, 50]
                  server.max_connections: [200, 400]
                """;
        Study study = Studies.parse("s.yaml", yaml);
        List<String> maria = study.cells().stream().filter(c -> c.target().name().equals("maria"))
                .map(c -> study.serverConfiguration(c).toString()).toList();
        assertEquals(List.of("{innodb_lock_wait_timeout=5, max_connections=200}",
                "{innodb_lock_wait_timeout=5, max_connections=400}", "{innodb_lock_wait_timeout=50, max_connections=200}",
                "{innodb_lock_wait_timeout=50, max_connections=400}"), maria);
        List<String> pg = study.forDialect(DatabaseKind.POSTGRESQL).cells().stream()
                .map(c -> c.factors().get("server.max_connections")).toList();
        assertEquals(List.of("200", "200", "400", "400"), pg, "PostgreSQL has no innodb setting; restarts grouped");
    }

    @Test
    void pgTuningIsThePapersSettingsOneAtATimeThenItsCumulativeStepsWithSharedBuffersInterleaved() throws Exception {
        Study study = Studies.load("pg-tuning");
        assertEquals("one-factor-at-a-time", study.designType());
        assertEquals("chbench", study.template());
        List<Cell> first = study.cells().stream().filter(c -> c.replicate() == 1).toList();
        assertEquals(1 + 6 + 5 + 3 + 1 + 4 + 6 + 2 + 5, first.size(), "baseline, each other level, five cumulative steps");
        List<String> buffers = study.cells().stream().map(c -> c.factors().get("server.shared_buffers")).toList();
        int switches = 0;
        for (int i = 1; i < buffers.size(); i++) {
            switches += buffers.get(i).equals(buffers.get(i - 1)) ? 0 : 1;
        }
        assertEquals(6 * 3, switches, "seven shared_buffers blocks per replicate, a round opening with the last block: "
                + buffers);
        assertEquals(Map.of("shared_buffers", "128MB", "effective_cache_size", "4GB", "max_wal_size", "1GB",
                "autovacuum", "on", "autovacuum_naptime", "1min", "work_mem", "4MB", "random_page_cost", "4"),
                study.serverConfiguration(study.cells().get(0)), "the baseline is PostgreSQL's defaults");
        // The paper moved autovacuum_naptime to 30 s (and tried 2 and 3 min), never to 5 min.
        assertEquals(List.of("1min", "30s", "90s", "2min", "3min"), study.factorLevels().get("server.autovacuum_naptime"));
        Cell last = first.stream().filter(c -> c.design().equals(org.dbstudy.vocabulary.DesignColumn.combined("final")))
                .findFirst().orElseThrow();
        assertEquals(Map.of("shared_buffers", "2GB", "effective_cache_size", "1GB", "max_wal_size", "432MB",
                "autovacuum", "on", "autovacuum_naptime", "30s", "work_mem", "64MB", "random_page_cost", "2"),
                study.serverConfiguration(last), "the paper's final configuration (Tabela 21)");
    }

    @Test
    void serverFactorsSurviveStudyYamlAndTheirOrder() throws Exception {
        Study study = Studies.load("lock-contention").forDialect(DatabaseKind.MARIADB);
        Study again = Studies.parse("study.yaml", StudyFiles.yaml(study));
        assertEquals(study.cells(), again.cells());
        assertEquals(Map.of("max_connections", "1100", "thread_handling", "pool-of-threads"),
                study.serverConfiguration(study.cells().get(study.cells().size() - 1)));
        // As S2's measurement runs it: the exclusions that name dropped levels go, the rest still apply.
        Study measured = study.withOverrides(Map.of("users", List.of("64", "1024"), "query", List.of("update-low")),
                java.util.OptionalLong.of(20));
        assertEquals((3 * 2 + 2) * 3, measured.cells().size(), "3 variants x 2 users + the thread pool's plain x 2 users,"
                + " 3 replicates: " + measured.cells().stream().map(Cell::id).distinct().toList());
        assertEquals(measured.cells(), Studies.parse("study.yaml", StudyFiles.yaml(measured)).cells());
    }

    static Stream<Arguments> badServerFactors() {
        return Stream.of(
                StudyFileRejection.bad("unknown setting", HEAD + "factors:\n  server.shared_bufers: [1GB]\n", 4,
                        "factors.server.shared_bufers", "dbstudy cannot vary server setting 'shared_bufers'",
                        "shared_buffers (postgresql)"),
                StudyFileRejection.bad("memory without a valid unit", HEAD + "factors:\n  server.shared_buffers: [1Gb]\n", 4,
                        "factors.server.shared_buffers", "level '1Gb' is not valid", "kB, MB, GB or TB"),
                StudyFileRejection.bad("not a thread handling", HEAD + "factors:\n  server.thread_handling: [pooled]\n", 4,
                        "factors.server.thread_handling", "level 'pooled' is not a valid value",
                        "one-thread-per-connection, pool-of-threads"),
                StudyFileRejection.bad("fewer predicate locks than PostgreSQL allows",
                        HEAD + "factors: {users: [1]}\nserver_settings: {max_pred_locks_per_transaction: 5}\n", 4,
                        "server_settings.max_pred_locks_per_transaction", "'5' is out of range", "from 10 to 1000000"),
                StudyFileRejection.bad("a cost that is no number", HEAD + "factors:\n  server.random_page_cost: [low]\n", 4,
                        "factors.server.random_page_cost", "level 'low' is not valid", "a decimal number"),
                StudyFileRejection.bad("fixed and varied", HEAD + "factors:\n  server.work_mem: [4MB, 8MB]\n"
                                + "server_settings: {work_mem: 4MB}\n", 5, "server_settings.work_mem",
                        "fixes server setting work_mem and varies it as factor server.work_mem (line 4)", "not both"),
                StudyFileRejection.bad("restart command left empty", HEAD
                                + "targets:\n  - {name: pg, dialect: postgresql, restart: \" \"}\nfactors: {users: [1]}\n", 4,
                        "targets[0].restart", "empty command", "a shell command that restarts the server"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badServerFactors")
    void badServerFactorsNameFileLineFieldAndWhatIsValid(String what, String yaml, int line, String field, String problem,
                                                         String valid) throws Exception {
        StudyFileRejection.assertRejected(dir, yaml, line, field, problem, valid);
    }
}
