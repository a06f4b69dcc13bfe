package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.databases.EmbeddedPostgres;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database goes away in the middle of a study: the cell that cannot run is marked failed with
 * its reason, the study goes on, the later cells run once the database is back, and --resume runs
 * only the failed cell.
 */
class DatabaseStoppedMidStudyTest {

    @Test
    void failingCellsAreMarkedAndResumeFinishesOnlyThem(@TempDir Path out) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        EmbeddedPostgres[] server = {EmbeddedPostgres.start(port)};
        try {
            Study study = Studies.load("smoke").withOverrides(Map.of(), OptionalLong.of(3)).forDialect(org.dbstudy.vocabulary.DatabaseKind.POSTGRESQL);
            ConnectionSettings db = new ConnectionSettings(org.dbstudy.vocabulary.DatabaseKind.POSTGRESQL, server[0].endpoint().url(), "postgres",
                    server[0].endpoint().password());
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            StudyRunner.Listener stopAfterFirstAndRestartAfterSecond = (index, cell, row) -> {
                if (index == 0) {
                    server[0].close();
                } else if (index == 1) {
                    server[0].restart(Map.of()); // the same port and password, an empty data directory
                }
            };
            StudyPipeline.Outcome first = new StudyRunner(study, db, out, List.of(), false, JMeterHome.locate(),
                    new PrintStream(log, true, StandardCharsets.UTF_8), stopAfterFirstAndRestartAfterSecond, 1000).run();
            assertEquals(3, first.done(), log.toString(StandardCharsets.UTF_8));
            assertEquals(1, first.failed());

            List<org.dbstudy.vocabulary.files.RunStatusFile.Row> rows = RunStatus.open(out.resolve("run-status.csv")).rows();
            org.dbstudy.vocabulary.files.RunStatusFile.Row failed = rows.get(1);
            assertEquals("failed", failed.status());
            assertTrue(failed.reason().contains("connection_lost") || failed.reason().toLowerCase().contains("connect"),
                    "the reason says the database could not be reached: " + failed.reason());
            assertEquals(List.of("done", "failed", "done", "done"), rows.stream().map(org.dbstudy.vocabulary.files.RunStatusFile.Row::status).toList());
            String report = Files.readString(first.report().indexHtml());
            assertTrue(report.contains(failed.cell()), "the report names the failed cell");

            int firstRunLog = log.size();
            StudyPipeline.Outcome resumed = new StudyRunner(study, db, out, List.of(), true, JMeterHome.locate(),
                    new PrintStream(log, true, StandardCharsets.UTF_8), null, 1000).run();
            assertEquals(3, resumed.skipped(), "finished cells are not repeated");
            // The one cell left is all that is left: its ETA is at most its own 3 s, the overhead
            // estimated for it (start, setUp, finish) and the analysis after it, not the skipped cells'
            // too (four cells would be over it).
            org.dbstudy.generator.design.Cell left = study.cells().get(1);
            CellOverhead overhead = CellOverhead.of(study, org.dbstudy.generator.study.StudyEstimate.of(study, db.kind(), false, true));
            long bound = 3 + overhead.secondsAfter(List.of()) + overhead.preparing(left) + overhead.finishing(left);
            String resumedLog = log.toString(StandardCharsets.UTF_8).substring(firstRunLog);
            java.util.regex.Matcher eta = java.util.regex.Pattern.compile("ETA (\\d+):(\\d\\d):(\\d\\d)").matcher(resumedLog);
            int etas = 0;
            while (eta.find()) {
                long seconds = Long.parseLong(eta.group(1)) * 3600 + Long.parseLong(eta.group(2)) * 60 + Long.parseLong(eta.group(3));
                assertTrue(seconds <= bound, "ETA after resume counts only what is left (" + bound + " s):\n" + resumedLog);
                etas++;
            }
            assertTrue(etas > 0, "a progress line with an ETA:\n" + resumedLog);
            assertEquals(1, resumed.done());
            assertEquals(0, resumed.failed());
            assertTrue(RunStatus.open(out.resolve("run-status.csv")).rows().stream().allMatch(r -> "done".equals(r.status())));
            try (var kept = Files.list(out.resolve("interrupted"))) {
                assertEquals(1, kept.count(), "the failed run's results are kept, not overwritten");
            }
            assertEquals(4, resumed.report().cells());
        } finally {
            server[0].close();
        }
    }
}
