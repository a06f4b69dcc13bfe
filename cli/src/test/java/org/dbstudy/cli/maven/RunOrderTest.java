package org.dbstudy.cli.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.dbstudy.cli.MainTest;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.ScratchDatabase;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.ManifestColumns;
import org.dbstudy.vocabulary.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner {@code bin/dbstudy run} and {@code mvn verify} share takes the cells in manifest.csv's
 * order (a seeded shuffle of replicates here, which is not the plans' name order), and the plans it
 * leaves carry the run's database: one of them, run with plain {@code jmeter -n} and no {@code -J}
 * flag, writes into that database.
 */
class RunOrderTest {
    private static final String TABLE = "dbstudy_run_order";
    private static final String STUDY = """
            name: run-order
            workload: {template: crud, parameters: {table: %s}}
            factors:
              operation: [write]
              users: [1, 2]
              interval: [0.2]
              rows: [1]
            settings: {duration: 3, rest: 0}
            replicates: 2
            order: random
            seed: 3
            """.formatted(TABLE);

    @TempDir
    Path dir;

    @Test
    void cellsRunInManifestOrderAndTheirPlansReachTheRunsDatabaseWithoutJFlags() throws Exception {
        // A database of the test's own, not the one the study target names (127.0.0.1:5432/test).
        try (ScratchDatabase scratch = TestDatabases.newDatabase(DatabaseKind.POSTGRESQL)) {
            DatabaseEndpoint pg = scratch.endpoint();
            String url = pg.url();
            String database = scratch.name();
            Path studyFile = dir.resolve("order.yaml");
            Files.writeString(studyFile, STUDY);
            Path out = dir.resolve("run");
            MainTest.Run r = MainTest.run("run", "--study", studyFile.toString(), "--db", "postgres", "--url", url,
                    "--user", pg.user(), "--out", out.toString());
            assertEquals(0, r.status(), r.out() + r.err());

            List<String> plans = new ArrayList<>();
            for (CsvTable.Row row : CsvTable.read(out.resolve(ManifestColumns.FILE_NAME), ManifestColumns.PLAN).rows()) {
                plans.add(row.get(ManifestColumns.PLAN));
            }
            assertEquals(4, plans.size(), plans.toString());
            assertNotEquals(plans.stream().sorted().toList(), plans, "the seeded shuffle is not the plans' name order");
            assertEquals(List.of(), RunOrder.problems(out.resolve(ManifestColumns.FILE_NAME), out.resolve("results"), ".jtl"));
            // The bundled home is a complete JMeter: no log starts with converters of a module it lacks.
            assertEquals(List.of(), MavenStudy.incompleteHome(out.resolve("logs")));
            try (var logs = Files.list(out.resolve("logs"))) {
                assertEquals(4, logs.filter(RunFolder::isJMeterLog).count(), "one JMeter log per cell");
            }

            // A plan from OUT/plans, as a user would run it: no -J flag, the bundled home's plugin and drivers.
            Path plan = out.resolve(plans.get(0));
            String text = Files.readString(plan, StandardCharsets.UTF_8);
            assertTrue(text.contains("${__P(db.url," + url + ")}"), "the run's URL is the plan's default");
            assertFalse(text.contains("127.0.0.1:5432/test)"), "not the study target's database");
            try (Connection c = pg.connect(); Statement s = c.createStatement()) {
                s.execute("DROP TABLE " + TABLE);
            }
            Path jtl = dir.resolve("by-hand.jtl");
            JMeterHome home = JMeterHome.locate();
            Process jmeter = new ProcessBuilder(home.java().executable().toString(), "-jar", home.launcherJar().toString(), "-n",
                    "-t", plan.toString(), "-l", jtl.toString(), "-j", dir.resolve("by-hand.log").toString())
                    .redirectErrorStream(true).redirectOutput(dir.resolve("by-hand.out").toFile()).start();
            try {
                assertTrue(jmeter.waitFor(300, TimeUnit.SECONDS), "JMeter ends");
            } finally {
                jmeter.destroyForcibly();
            }
            assertEquals(0, jmeter.exitValue(), Files.readString(dir.resolve("by-hand.out")));
            try (Connection c = pg.connect(); Statement s = c.createStatement();
                 ResultSet rows = s.executeQuery("SELECT count(*) FROM " + TABLE)) {
                rows.next();
                assertTrue(rows.getLong(1) > 0, "the plan's setUp created " + TABLE + " in " + database
                        + " and its users wrote into it:\n" + Files.readString(jtl));
            }
        }
    }

    @Test
    void aCellThatStartedBeforeTheRowAboveItIsNamed(@TempDir Path results) throws Exception {
        Path manifest = results.resolve("manifest.csv");
        Files.writeString(manifest, "cell,replicate,plan\nb,1,plans/b.jmx\na,1,plans/a.jmx\nc,1,plans/c.jmx\n");
        jtl(results.resolve("a.jtl"), 1_000);
        jtl(results.resolve("b.jtl"), 2_000);
        assertEquals(List.of("a started before b, which manifest.csv lists first", results.resolve("c.jtl") + " has no sample"),
                RunOrder.problems(manifest, results, ".jtl"));
        jtl(results.resolve("a.jtl"), 3_000);
        jtl(results.resolve("c.jtl"), 4_000);
        assertEquals(List.of(), RunOrder.problems(manifest, results, ".jtl"));
    }

    private static void jtl(Path file, long start) throws Exception {
        Files.writeString(file, String.format(Locale.ROOT, "timeStamp,elapsed,label,success%n%d,3,read,true%n", start));
    }
}
