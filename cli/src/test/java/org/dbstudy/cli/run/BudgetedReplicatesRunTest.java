package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.dbstudy.analysis.judging.Reproduction;
import org.dbstudy.analysis.judging.Verdict;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.ScratchDatabase;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.RunFolder;
import org.dbstudy.vocabulary.files.RunStatusFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --budget} on the local PostgreSQL (a database of its own, two users): an expectation that is clearly
 * true (a 40 ms sleep faster than a 200 ms one) is decided within two looks, from the design's three replicates; an
 * A/A comparison (the same 5 ms sleep on both sides) stays undecided, gets replicates added in rounds, and the run
 * stops for the budget, saying which way the claim leans. Both read their verdicts back from the report's
 * reproduction.csv, as {@code reproduce} prints them.
 */
class BudgetedReplicatesRunTest {
    private static final String STUDY = """
            name: budgeted
            workload:
              custom:
                tables: [nap_t]
                setup:
                  - CREATE TABLE nap_t (id int PRIMARY KEY)
                parameters: {pause: %s}
                transactions:
                  nap:
                    statements:
                      - choose: pause
                        %s: SELECT pg_sleep(%s)
                        %s: SELECT pg_sleep(%s)
            factors: {users: [2], pause: [%s, %s]}
            settings: {duration: 3, rest: 0}
            replicates: %s
            expect:
              - {id: %s, kind: ordering, metric: mean, a: {pause: %s}, b: {pause: %s}}
            """;

    @TempDir
    Path dir;

    @Test
    void aClearlyTrueExpectationIsDecidedAtTheFirstLook() throws Exception {
        try (ScratchDatabase own = TestDatabases.newDatabase(DatabaseKind.POSTGRESQL)) {
            Ran ran = run(STUDY.formatted("short", "short", "0.04", "long", "0.2", "short", "long", 3, "faster", "short", "long"),
                    own.endpoint(), new Budget(1800));
            Reproduction.Row row = ran.claims().get(0);
            System.out.println("budgeted run, a clear effect: " + row.line() + " (" + ran.runs().size() + " runs)");
            assertEquals(Verdict.HOLDS, row.verdict(), ran.log());
            // Five times as slow decides within a round or two even with both cores busy (runs here vary by tens of %).
            assertTrue(row.explanation().matches(".*decided at look [12] of at most 10.*"), row.explanation());
            assertTrue(ran.log().contains("replicates stop: every claim is decided"), ran.log());
            assertTrue(ran.runs().size() <= 8, "at most one round added: " + ran.runs());
        }
    }

    @Test
    void anAaComparisonStaysUndecidedAndTheRunEndsWithinTheBudget() throws Exception {
        try (ScratchDatabase own = TestDatabases.newDatabase(DatabaseKind.POSTGRESQL)) {
            // The design's 4 runs take about 30 s each with both cores busy (6 s on a quiet machine): room for a round or two
            // when busy, where the budget stops the loop; on a quiet machine all 10 looks fit and they stop it first.
            long budget = 200;
            long start = System.nanoTime();
            Ran ran = run(STUDY.formatted("one", "one", "0.005", "two", "0.005", "one", "two", 2, "same", "one", "two"),
                    own.endpoint(), new Budget(budget));
            double wall = (System.nanoTime() - start) / 1e9;
            Reproduction.Row row = ran.claims().get(0);
            System.out.println(String.format(java.util.Locale.ROOT, "budgeted run, A/A: %s (%d runs, %.0f s for a budget of %d s)",
                    row.line(), ran.runs().size(), wall, budget));
            assertEquals(Verdict.UNDECIDED, row.verdict(), ran.log());
            boolean budgetStopped = row.explanation().contains("stopped: the budget");
            assertTrue(row.explanation().contains("still undecided after look")
                    && (budgetStopped || row.explanation().contains("stopped: the 10 looks are spent"))
                    && (row.explanation().contains("leans ") || row.explanation().contains("sits on the bound")), row.explanation());
            assertTrue(!budgetStopped || ran.log().contains("replicates stop: the budget"), ran.log());
            assertTrue(ran.runs().stream().anyMatch(r -> r.replicate() == 3), "a replicate was added: " + ran.runs());
            assertTrue(ran.runs().stream().allMatch(RunStatusFile.Row::done), ran.runs().toString());
            // The loop starts no round it expects to end past the budget; the final analysis (a second or two) follows it.
            assertTrue(wall < budget + 30, "took " + wall + " s for a budget of " + budget + " s:\n" + ran.log());
        }
    }

    private record Ran(String log, List<Reproduction.Row> claims, List<RunStatusFile.Row> runs) {
    }

    private Ran run(String yaml, DatabaseEndpoint db, Budget budget) throws Exception {
        Study study = Studies.parse("budgeted.yaml", yaml).forDialect(DatabaseKind.POSTGRESQL);
        Path out = dir.resolve("out");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        ConnectionSettings connection = new ConnectionSettings(DatabaseKind.POSTGRESQL, db.url(), db.user(), db.password());
        new StudyRunner(study, connection, out, List.of(), false, JMeterHome.locate(),
                new PrintStream(log, true, StandardCharsets.UTF_8), null, 60_000).run(budget);
        return new Ran(log.toString(StandardCharsets.UTF_8), Reproduction.read(out.resolve(RunFolder.REPORT)
                .resolve(Reproduction.FILE_NAME)), RunStatusFile.read(out.resolve(RunFolder.RUN_STATUS)));
    }
}
