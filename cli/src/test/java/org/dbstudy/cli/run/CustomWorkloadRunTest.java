package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.ScratchDatabase;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.vocabulary.files.Csv;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A custom workload run in stock JMeter on the local PostgreSQL, in a database of its own: the mix's
 * transactions run in the shares of their weights (within binomial bounds), labelled by their names, a CSV
 * column binds in a statement, and
 * the check after the cell passes when it holds and fails the cell, visibly, when it does not.
 */
class CustomWorkloadRunTest {
    private static final String STUDY = """
            name: custom-run
            workload:
              custom:
                tables: [mix_acct]
                csv: {file: "%s", columns: [person]}
                setup:
                  - CREATE TABLE mix_acct (id int PRIMARY KEY, balance int)
                load: {mix_acct: {rows: 10, columns: {id: n, balance: 100}}}
                transactions:
                  often:
                    weight: 70
                    random: {id: "uniform(1, 10)"}
                    statements:
                      - SELECT balance FROM mix_acct WHERE id = :id
                  rarely:
                    weight: 30
                    statements:
                      - SELECT COUNT(*) FROM mix_acct WHERE id <> :person
                checks:
                  money: {query: SELECT SUM(balance) FROM mix_acct, expect: %s}
            factors: {users: [2]}
            settings: {duration: 3}
            """;

    @TempDir
    Path dir;

    @Test
    void theMixRunsEachTransactionInItsShareAndTheCheckAfterTheCellHolds() throws Exception {
        try (ScratchDatabase own = TestDatabases.newDatabase(DatabaseKind.POSTGRESQL)) {
            Run run = run("1000", own.endpoint());
            assertEquals(0, run.outcome().failed(), run.log());
            Map<String, Long> labels = run.labels();
            long often = labels.getOrDefault("often", 0L);
            long rarely = labels.getOrDefault("rarely", 0L);
            long n = often + rarely;
            assertTrue(n >= 100, "samples of the mix: " + labels);
            // Five standard deviations of a binomial count: fails when the weights are ignored, not by chance.
            double bound = 5 * Math.sqrt(n * 0.7 * 0.3);
            assertTrue(Math.abs(often - 0.7 * n) <= bound, "often " + often + " of " + n + " (70 % expected, ± " + bound + ")");
            assertTrue(labels.getOrDefault("tearDown check money", 0L) == 1, labels.toString());
            assertTrue(run.jtl().contains("violations=0 got=1000"), "the check's message");
            assertEquals(0, run.failed(), "no sample failed (the CSV column bound in rarely's statement): " + run.log());
        }
    }

    @Test
    void aCheckThatDoesNotHoldFailsTheCellAndNamesIt() throws Exception {
        try (ScratchDatabase own = TestDatabases.newDatabase(DatabaseKind.POSTGRESQL)) {
            Run run = run("999", own.endpoint());
            assertEquals(1, run.outcome().failed(), run.log());
            assertTrue(run.log().contains("tearDown 'check money' failed") && run.log().contains("violations=1 got=1000 expected=999"),
                    run.log());
        }
    }

    private record Run(StudyPipeline.Outcome outcome, String log, String jtl) {
        long failed() {
            List<String> lines = jtl.lines().toList();
            int success = Csv.split(lines.get(0)).indexOf("success");
            return lines.stream().skip(1).filter(l -> "false".equals(Csv.split(l).get(success))).count();
        }

        Map<String, Long> labels() {
            Map<String, Long> out = new TreeMap<>();
            List<String> lines = jtl.lines().toList();
            int label = Csv.split(lines.get(0)).indexOf("label");
            lines.stream().skip(1).map(l -> Csv.split(l).get(label)).forEach(l -> out.merge(l, 1L, Long::sum));
            return out;
        }
    }

    private Run run(String expect, DatabaseEndpoint db) throws Exception {
        Path people = Files.writeString(dir.resolve("people.csv"), "1\n2\n3\n");
        Study study = Studies.parse("custom-run.yaml", STUDY.formatted(people.toAbsolutePath(), expect))
                .forDialect(DatabaseKind.POSTGRESQL);
        Path out = dir.resolve("expect-" + expect);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        ConnectionSettings connection = new ConnectionSettings(DatabaseKind.POSTGRESQL, db.url(), db.user(), db.password());
        StudyPipeline.Outcome outcome = new StudyRunner(study, connection, out, List.of(), false, JMeterHome.locate(),
                new PrintStream(log, true, StandardCharsets.UTF_8), null, 60_000).run();
        String jtl;
        try (var jtls = Files.list(out.resolve("results"))) {
            jtl = Files.readString(jtls.filter(p -> p.toString().endsWith(".jtl")).findFirst().orElseThrow());
        }
        return new Run(outcome, log.toString(StandardCharsets.UTF_8), jtl);
    }
}
