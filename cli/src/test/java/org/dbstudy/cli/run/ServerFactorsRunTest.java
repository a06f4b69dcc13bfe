package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.databases.EmbeddedPostgres;
import org.dbstudy.databases.ServerRestart;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.files.RunStatusFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A study that varies server settings, run by {@code bin/dbstudy run}'s pipeline on an embedded
 * PostgreSQL (never the local servers' globals): each cell runs with its configuration, read back
 * into environment.json; a value the server refuses fails that cell as not_applied and the next runs;
 * the server's settings after the study, and after one stopped after its first cell, are as before.
 */
class ServerFactorsRunTest {
    private static final String STUDY = """
            name: server-run
            workload: {template: crud, parameters: {table: dbstudy_server_run}}
            factors:
              operation: [read]
              users: [1]
              rows: [10]
              server.work_mem: ['10', 8MB]
              server.shared_buffers: [128MB, 256MB]
            settings: {duration: 2, rest: 0}
            """;

    @Test
    void eachCellRunsWithItsReadBackSettingsARefusedOneFailsAloneAndAllIsRestored(@TempDir Path out) throws Exception {
        Study study = Studies.parse("server-run.yaml", STUDY).forDialect(DatabaseKind.POSTGRESQL);
        try (EmbeddedPostgres pg = EmbeddedPostgres.start(0, null, Map.of())) {
            ConnectionSettings db = new ConnectionSettings(DatabaseKind.POSTGRESQL, pg.endpoint().url(), "postgres", pg.endpoint().password());
            Map<String, String> before = settings(db);
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            StudyPipeline.Outcome outcome = run(study, db, pg, out, log, null);
            String text = log.toString(StandardCharsets.UTF_8);
            List<RunStatusFile.Row> rows = RunStatus.open(out.resolve(RunStatusFile.FILE_NAME)).rows();
            assertEquals(List.of("failed", "done", "failed", "done"), rows.stream().map(RunStatusFile.Row::status).toList(), text);
            assertTrue(rows.get(0).reason().startsWith("not_applied: server setting work_mem=10 refused by the server"),
                    rows.get(0).reason());
            assertEquals(2, outcome.done());
            String env = Files.readString(out.resolve("environment.json"));
            assertTrue(env.contains("\"server_settings_per_cell\""), env);
            assertTrue(env.replaceAll("\\s", "").contains("\"read-users1-rows10-server.work_mem8MB-server.shared_buffers256MB\""
                    + ":{\"work_mem\":\"8MB\",\"shared_buffers\":\"256MB\"}"), env);
            assertEquals(before, settings(db), "as found after the study");
        }
    }

    @Test
    void aStudyStoppedAfterItsFirstCellLeavesTheServerAsFound(@TempDir Path out) throws Exception {
        Study study = Studies.parse("server-run.yaml", STUDY.replace("['10', 8MB]", "[4MB, 8MB]"))
                .forDialect(DatabaseKind.POSTGRESQL);
        try (EmbeddedPostgres pg = EmbeddedPostgres.start(0, null, Map.of())) {
            ConnectionSettings db = new ConnectionSettings(DatabaseKind.POSTGRESQL, pg.endpoint().url(), "postgres", pg.endpoint().password());
            Map<String, String> before = settings(db);
            StudyRunner.Listener stop = (index, cell, row) -> {
                assertEquals("8MB", settings(db).get("work_mem"), "the first cell ran with its setting");
                throw new IllegalStateException("stopped in the study's second cell");
            };
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> run(Studies.parse("s.yaml", STUDY.replace("['10', 8MB]", "[8MB, 4MB]"))
                            .forDialect(DatabaseKind.POSTGRESQL), db, pg, out, new ByteArrayOutputStream(), stop));
            assertEquals("stopped in the study's second cell", e.getMessage());
            assertEquals(before, settings(db), "as found after a study that stopped");
        }
    }

    @Test
    void aRestartThatFailsMarksItsCellFailedAndStopsTheStudy(@TempDir Path out) throws Exception {
        Study study = Studies.parse("server-run.yaml", STUDY.replace("['10', 8MB]", "[8MB]")).forDialect(DatabaseKind.POSTGRESQL);
        try (EmbeddedPostgres pg = EmbeddedPostgres.start(0, null, Map.of())) {
            ConnectionSettings db = new ConnectionSettings(DatabaseKind.POSTGRESQL, pg.endpoint().url(), "postgres", pg.endpoint().password());
            ServerRestart broken = new ServerRestart() {
                @Override
                public void restart(Map<String, String> startupSettings) {
                    throw new RestartFailedException("command 'false' exited with 1", null);
                }

                @Override
                public String describe() {
                    return "command 'false'";
                }
            };
            PrintStream print = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
            StudyRunner runner = new StudyRunner(study, db, out, List.of(), false, JMeterHome.locate(), print, null, 1000);
            assertThrows(ServerRestart.RestartFailedException.class, () -> new StudyPipeline(study, db.kind().id(), out, print)
                    .run(StudyPipeline.OpenTarget.of(db, broken), List.of(), JMeterHome.locate(), runner));
            List<RunStatusFile.Row> rows = RunStatus.open(out.resolve(RunStatusFile.FILE_NAME)).rows();
            assertTrue(rows.stream().noneMatch(r -> r.status().equals(RunStatusFile.RUNNING)), rows.toString());
            RunStatusFile.Row failed = rows.get(rows.size() - 1);
            assertEquals(RunStatusFile.FAILED, failed.status(), rows.toString());
            assertTrue(failed.reason().contains("command 'false' exited with 1"), failed.reason());
        }
    }

    private static StudyPipeline.Outcome run(Study study, ConnectionSettings db, EmbeddedPostgres pg, Path out,
                                             ByteArrayOutputStream log, StudyRunner.Listener listener) throws Exception {
        PrintStream print = new PrintStream(log, true, StandardCharsets.UTF_8);
        StudyRunner runner = new StudyRunner(study, db, out, List.of(), false, JMeterHome.locate(), print, listener, 1000);
        return new StudyPipeline(study, db.kind().id(), out, print)
                .run(StudyPipeline.OpenTarget.of(db, pg), List.of(), JMeterHome.locate(), runner);
    }

    private static Map<String, String> settings(ConnectionSettings db) throws Exception {
        try (var c = db.connect(); var s = c.createStatement();
             var rs = s.executeQuery("select current_setting('work_mem'), current_setting('shared_buffers'),"
                     + " (select count(*) from pg_file_settings where sourcefile like '%postgresql.auto.conf')")) {
            rs.next();
            return Map.of("work_mem", rs.getString(1), "shared_buffers", rs.getString(2), "auto.conf lines", rs.getString(3));
        }
    }
}
