package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
import org.dbstudy.vocabulary.files.CellStopFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real short studies on PostgreSQL (the tests' own database) whose cells end on precision: with a loose target a
 * cell ends before its maximum, JMeter stopped by the runner with every written sample kept; with a target no cell
 * reaches it ends at its maximum. Both record their warm-up and precision, and the report lists them.
 */
class PrecisionStopRunTest {
    private static final String TABLE = "dbstudy_precision_test";
    private static final String STUDY = """
            name: precision-%s
            workload: {template: crud, parameters: {table: %s}}
            factors:
              operation: [read]
              users: [2]
              interval: [0.01]
              rows: [1]
            settings: {duration: {min: %d, max: %d}, precision: %s}
            """;

    @TempDir
    Path dir;

    @Test
    void aLooseTargetEndsTheCellBeforeItsMaximumAndAnUnreachableOneAtIt() throws Exception {
        DatabaseEndpoint pg = TestDatabases.postgres();
        ConnectionSettings db = new ConnectionSettings(DatabaseKind.POSTGRESQL, pg.url(), pg.user(), pg.password());
        try {
            long start = System.nanoTime();
            // Throughput within ±50 % after a few seconds even on a machine kept busy (load 29 on 2 cores measured
            // ±10 % after 60 s there, and the mean latency of these sub-millisecond reads only ±36 %).
            Path loose = run("loose", 3, 60, "{throughput: 50%}", db);
            double looseWall = (System.nanoTime() - start) / 1e9;
            CellStopFile.Row early = onlyRun(loose, 1).get(0);
            assertEquals(CellStopFile.PRECISION, early.ended(), early.toString());
            assertTrue(early.measuredSeconds() >= 3 && early.measuredSeconds() < 60, early.toString());
            assertTrue(early.reachedPct() <= 50, early.toString());
            assertTrue(looseWall < 60, "the study ended long before a 60 s cell would: " + looseWall + " s");
            assertKeptEverySample(loose);

            Path tight = run("tight", 2, 5, "{mean_latency: 0.01%, throughput: 0.01%}", db);
            CellStopFile.Row atMax = onlyRun(tight, 2).get(0);
            assertEquals(CellStopFile.MAX_DURATION, atMax.ended(), atMax.toString());
            assertTrue(atMax.measuredSeconds() >= 4, "ran to its 5 s maximum: " + atMax);
            String page = Files.readString(tight.resolve("report/index.html"), StandardCharsets.UTF_8);
            assertTrue(page.contains("Cell lengths") && page.contains("max duration reached at"), "the report says so");
        } finally {
            try (Connection c = db.connect(); Statement s = c.createStatement()) {
                s.execute("DROP TABLE IF EXISTS " + TABLE);
            }
        }
    }

    private Path run(String name, int min, int max, String precision, ConnectionSettings db) throws Exception {
        Study study = Studies.parse(name + ".yaml", STUDY.formatted(name, TABLE, min, max, precision))
                .forDialect(DatabaseKind.POSTGRESQL);
        Path out = dir.resolve(name);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        StudyPipeline.Outcome outcome = new StudyRunner(study, db, out, List.of(), false, JMeterHome.locate(),
                new PrintStream(log, true, StandardCharsets.UTF_8), null, 60_000).run();
        String console = log.toString(StandardCharsets.UTF_8);
        System.out.println(console);
        assertEquals(1, outcome.done(), console);
        return out;
    }

    private static List<CellStopFile.Row> onlyRun(Path out, int statistics) throws Exception {
        List<CellStopFile.Row> rows = CellStopFile.read(out.resolve(CellStopFile.FILE_NAME));
        assertEquals(statistics, rows.size(), "one row per statistic: " + rows);
        assertTrue(rows.stream().allMatch(r -> r.warmupSeconds() >= 0 && r.warmupSeconds() < r.measuredSeconds()), rows.toString());
        return rows;
    }

    /** The JTL JMeter wrote until it was stopped: every line whole, and as many workload samples as the run counted. */
    private static void assertKeptEverySample(Path out) throws Exception {
        Path jtl;
        try (var jtls = Files.list(out.resolve("results"))) {
            jtl = jtls.filter(p -> p.toString().endsWith(".jtl")).findFirst().orElseThrow();
        }
        String text = Files.readString(jtl, StandardCharsets.UTF_8);
        assertTrue(text.endsWith("\n"), "no line cut off");
        List<String> status = Files.readAllLines(out.resolve("run-status.csv"));
        long samples = Long.parseLong(org.dbstudy.vocabulary.files.Csv.split(status.get(1)).get(6));
        long rows = text.lines().skip(1).filter(l -> l.contains(",users")).count();
        assertTrue(samples > 0 && rows >= samples, "JTL rows " + rows + " hold the " + samples + " samples counted");
    }
}
