package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A setUp that fails ends its cell at once (JMeter stopped, not its window waited out), and when it is
 * the first cell's, the study stops there with one message instead of failing every cell the same way.
 */
class FailFastRunTest {
    /**
     * A view where the workload wants its table: the setUp's TRUNCATE fails on it in every cell. The study
     * says {@code reuse: true}, or preflight would refuse the view before any cell as a table dbstudy did
     * not create (UserTablesTest).
     */
    private static final String VIEW = "dbstudy_failfast_person";
    /** Far longer than any start under load: a cell that ran its window would take this long. */
    private static final long DURATION = 600;
    private static final String STUDY = """
            name: failfast
            workload: {template: crud, parameters: {table: %s, reuse: true}}
            factors:
              operation: [write]
              users: [2, 3, 4]
              interval: [0.1]
            settings: {duration: %d, rest: 0}
            """;

    @TempDir
    Path dir;

    @Test
    void theFirstCellsSetUpFailureStopsTheStudyWithOneMessage() throws Exception {
        DatabaseEndpoint pg = TestDatabases.postgres();
        ConnectionSettings db = new ConnectionSettings(DatabaseKind.POSTGRESQL, pg.url(), pg.user(), pg.password());
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE OR REPLACE VIEW " + VIEW + " AS SELECT 1 AS id");
        }
        try {
            Study study = Studies.parse("failfast.yaml", STUDY.formatted(VIEW, DURATION)).forDialect(DatabaseKind.POSTGRESQL);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            long start = System.nanoTime();
            StudyPipeline.Outcome outcome = new StudyRunner(study, db, dir.resolve("out"), List.of(), false,
                    JMeterHome.locate(), new PrintStream(bytes, true, StandardCharsets.UTF_8), null, 1000).run();
            long seconds = (System.nanoTime() - start) / 1_000_000_000L;
            String log = bytes.toString(StandardCharsets.UTF_8);
            assertEquals(0, outcome.done(), log);
            assertEquals(1, outcome.cells().failed(), "only the first cell ran: " + log);
            assertTrue(seconds < DURATION, "the cell did not wait out its " + DURATION + " s window: " + seconds + " s");
            assertTrue(log.contains("study failfast stopped: the first cell's setUp failed"), log);
            assertTrue(log.contains("setUp '" + VIEW + "' failed"), log);
            assertTrue(log.contains("JMeter stopped at once"), log);
            assertTrue(log.contains("2 not started (the study stopped)"), log);
            assertEquals(1, log.lines().filter(l -> l.contains("FAILED")).count(), "one failure line: " + log);
        } finally {
            try (Connection c = db.connect(); Statement s = c.createStatement()) {
                s.execute("DROP VIEW IF EXISTS " + VIEW);
            }
        }
    }
}
