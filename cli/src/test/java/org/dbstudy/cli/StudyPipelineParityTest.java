package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.dbstudy.cli.run.RunStatus;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.plan.PlanGenerator;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/dbstudy run} analyses with the study's warm-up. {@code mvn verify} runs that same command
 * ({@link org.dbstudy.cli.maven.MavenStudy}), so both write the same {@code summary.csv} (mvn verify used to take 0 s).
 */
class StudyPipelineParityTest {
    private static final String STUDY = """
            name: parity
            workload:
              template: crud
              parameters: {table: dbstudy_parity}
            targets:
              - {name: postgres, dialect: postgresql, url: "jdbc:postgresql://127.0.0.1:5432/test", user: postgres}
            factors:
              operation: [read, write]
              users: [2]
            settings: {duration: 4, ramp_up: 0, warm_up: 2, rest: 0}
            """;

    @Test
    void runAnalysesWithTheStudysWarmUp(@TempDir Path dir) throws Exception {
        Path studyFile = dir.resolve("parity.yaml");
        Files.writeString(studyFile, STUDY);
        Study study = Studies.load(studyFile.toString()).forDialect(org.dbstudy.vocabulary.DatabaseKind.POSTGRESQL);

        // bin/dbstudy run --resume over a run whose cells all finished: it only analyses.
        Path run = dir.resolve("run");
        PlanGenerator.write(study, run);
        Files.createDirectories(run.resolve("results"));
        RunStatus status = RunStatus.open(run.resolve("run-status.csv"));
        long rows = 0;
        for (Cell cell : study.cells()) {
            rows += writeJtl(run.resolve("results").resolve(base(cell) + ".jtl"));
            status.put(new org.dbstudy.vocabulary.files.RunStatusFile.Row(cell.id(), cell.replicate(), "done", "", "t0", "t1", 0));
        }
        DatabaseEndpoint pg = TestDatabases.postgres();
        MainTest.Run r = MainTest.run("run", "--study", studyFile.toString(), "--db", "postgres",
                "--url", TestDatabases.urlWithPassword(pg), "--user", pg.user(), "--out", run.toString(), "--resume");
        assertEquals(0, r.status(), r.out() + r.err());

        String cli = Files.readString(run.resolve("report/summary.csv"), StandardCharsets.UTF_8);
        long counted = 0;
        for (org.dbstudy.vocabulary.files.CsvTable.Row row
                : org.dbstudy.vocabulary.files.CsvTable.read(run.resolve("report/summary.csv"), "samples").rows()) {
            counted += Long.parseLong(row.get("samples"));
        }
        assertEquals(rows / 2, counted, "the first 2 of 4 seconds are warm-up in both summaries:\n" + cli);
    }

    private static String base(Cell cell) {
        String plan = cell.planFile();
        return plan.substring(plan.lastIndexOf('/') + 1).replace(".jmx", "");
    }

    /** One sample every 100 ms for 4 s (the first second's slow), after a setUp sample; returns the users' samples. */
    private static long writeJtl(Path file) throws Exception {
        List<String> lines = new ArrayList<>();
        lines.add("timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,failureMessage,"
                + "bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect");
        long t0 = 1_700_000_000_000L;
        lines.add(line(t0, 300, "setUp dbstudy_parity", "setUp 1-1"));
        for (int i = 0; i < 40; i++) {
            lines.add(line(t0 + 100L * i, i < 20 ? 90 : 3 + i % 5, "read", "users 1-" + (1 + i % 2)));
        }
        Files.write(file, lines, StandardCharsets.UTF_8);
        return 40;
    }

    private static String line(long start, long elapsed, String label, String thread) {
        return String.format(Locale.ROOT, "%d,%d,%s,200,OK rows=50 tries=1,%s,text,true,,8,0,2,2,null,%d,0,1",
                start, elapsed, label, thread, elapsed);
    }
}
