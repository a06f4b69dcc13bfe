package org.dbstudy.generator.plan;

import static org.dbstudy.generator.plan.LoadedPlan.prop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.config.CSVDataSet;
import org.apache.jmeter.control.SwitchController;
import org.apache.jmeter.save.SaveService;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.jmeter.TransactionSampler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A custom workload's plans: one sampler per transaction under a Switch Controller drawing by weight,
 * labelled by the transaction's name, with its statements, bound values and options; factors that vary a
 * statement's variant or a weight; SQL per database; CSV columns; checks after the cell. Each plan is
 * written and read back with JMeter's SaveService.
 */
class CustomWorkloadPlansTest {
    private static final String STUDY = """
            name: custom-plans
            workload:
              custom:
                tables: [acct, acct_log]
                parameters: {accounts: 500, read: plain, move_weight: 45}
                csv: {file: people.csv, columns: [person]}
                setup:
                  - CREATE TABLE acct (id int PRIMARY KEY, balance bigint)
                  - postgresql: CREATE TABLE acct_log (id bigserial PRIMARY KEY, who text)
                    mariadb: CREATE TABLE acct_log (id bigint AUTO_INCREMENT PRIMARY KEY, who text)
                load: {acct: {rows: "{accounts}", columns: {id: n, balance: 100}}}
                transactions:
                  move:
                    weight: "{move_weight}"
                    random: {src: "nurand(255, 1, {accounts})", dst: "zipfian(1, {accounts}, 1.1)", amount: "uniform(1, 9)"}
                    statements:
                      - choose: read
                        plain: SELECT balance FROM acct WHERE id = :src
                        locked: SELECT balance FROM acct WHERE id = :src FOR UPDATE
                      - UPDATE acct SET balance = balance - :amount WHERE id = :src
                      - UPDATE acct SET balance = balance + :amount WHERE id = :dst
                      - INSERT INTO acct_log (who) VALUES (:person)
                    tries: 5
                    retry_on: serialization_and_deadlock
                  audit:
                    weight: 55
                    isolation: SERIALIZABLE
                    lock: audit
                    statements:
                      - SELECT SUM(balance) FROM acct
                checks:
                  money: {query: "SELECT SUM(balance) - 100 * {accounts} FROM acct", expect: 0}
                teardown:
                  - |
                    DELETE FROM acct_log

                    WHERE id > 0
            targets:
              - {name: postgres, dialect: postgresql, url: "jdbc:postgresql://127.0.0.1:5432/test", user: postgres}
              - {name: mariadb, dialect: mariadb, url: "jdbc:mariadb://127.0.0.1:3306/test", user: root}
            factors:
              target: [postgres, mariadb]
              read: [plain, locked]
              move_weight: [45, 90]
              isolation: [READ_COMMITTED]
            settings: {duration: 5}
            """;

    @TempDir
    Path out;

    @Test
    void eachTransactionIsASamplerNamedAfterItUnderASwitchThatDrawsByWeight() throws Exception {
        Plan p = plan(Map.of("target", "postgres", "read", "plain", "move_weight", "45"));

        assertEquals("${__dbstudyPick(move:45,audit:55)}", p.mix().getSelection());
        assertEquals(List.of("setUp custom", "move", "audit", "tearDown check money", "tearDown custom"),
                p.samplers().stream().map(TransactionSampler::getName).toList());
        TransactionSampler move = p.sampler("move");
        assertEquals("""
                SELECT balance FROM acct WHERE id = ?;
                UPDATE acct SET balance = balance - ? WHERE id = ?;
                UPDATE acct SET balance = balance + ? WHERE id = ?;
                INSERT INTO acct_log (who) VALUES (?);
                """, prop(move, "statements"));
        assertEquals(":src\n:amount, :src\n:amount, :dst\n${person}", prop(move, "parameters"));
        assertEquals("src = nurand(255, 1, 500)\ndst = zipfian(1, 500, 1.1)\namount = random(1, 9)", prop(move, "randomValues"));
        assertEquals("5", prop(move, "maxTries"));
        assertEquals("SERIALIZATION_AND_DEADLOCK", prop(move, "retryOn"));
        assertEquals("READ_COMMITTED", prop(move, "isolationLevel"), "the isolation factor sets a transaction without its own");
        TransactionSampler audit = p.sampler("audit");
        assertEquals("SERIALIZABLE", prop(audit, "isolationLevel"), "a transaction's own level stays");
        assertEquals("NAMED_LOCK", prop(audit, "lockMode"));
        assertEquals("audit", prop(audit, "lockName"));

        CSVDataSet csv = p.csv();
        assertEquals("people.csv", prop(csv, "filename"));
        assertEquals("person", prop(csv, "variableNames"));
        assertEquals("shareMode.all", prop(csv, "shareMode"));

        TransactionSampler check = p.sampler("tearDown check money");
        assertEquals("SQL_CHECK", prop(check, "procedure"));
        assertEquals("expect=0", prop(check, "procedureArguments"));
        assertEquals("query: SELECT SUM(balance) - 100 * 500 FROM acct;\n", prop(check, "statements"));

        TransactionSampler setUp = p.sampler("setUp custom");
        assertEquals("acct\nacct_log", prop(setUp, "ownedTables"), "the declared tables are the ones setUp may drop");
        String setUpSql = prop(setUp, "statements");
        assertTrue(setUpSql.startsWith("DROP TABLE IF EXISTS acct;\nDROP TABLE IF EXISTS acct_log;\n"
                + "CREATE TABLE acct (id int PRIMARY KEY, balance bigint);\n"), setUpSql);
        assertTrue(setUpSql.contains("COMMENT ON TABLE \"acct\" IS 'created by dbstudy'") || setUpSql.contains("created by dbstudy"), setUpSql);
        assertTrue(setUpSql.contains("INSERT INTO acct (id, balance) SELECT n, 100 FROM"), setUpSql);
    }

    @Test
    void aFactorThatVariesAStatementGivesEachCellItsVariant() throws Exception {
        String plain = prop(plan(Map.of("target", "postgres", "read", "plain", "move_weight", "45")).sampler("move"), "statements");
        String locked = prop(plan(Map.of("target", "postgres", "read", "locked", "move_weight", "45")).sampler("move"), "statements");

        assertTrue(plain.startsWith("SELECT balance FROM acct WHERE id = ?;\n"), plain);
        assertTrue(locked.startsWith("SELECT balance FROM acct WHERE id = ? FOR UPDATE;\n"), locked);
        assertNotEquals(plain, locked);
    }

    @Test
    void aFactorThatVariesAWeightChangesTheMix() throws Exception {
        assertEquals("${__dbstudyPick(move:90,audit:55)}",
                plan(Map.of("target", "postgres", "read", "plain", "move_weight", "90")).mix().getSelection());
    }

    @Test
    void theLockFactorPutsTheWholeMixUnderOneLockAndATransactionsOwnLockStays() throws Exception {
        Plan p = plan(STUDY.replace("  isolation: [READ_COMMITTED]\n", "  isolation: [READ_COMMITTED]\n  lock: [get_lock]\n"),
                Map.of("target", "postgres", "read", "plain", "move_weight", "45"));

        assertEquals("NAMED_LOCK", prop(p.sampler("move"), "lockMode"));
        assertEquals("dbstudy-mix", prop(p.sampler("move"), "lockName"));
        assertEquals("audit", prop(p.sampler("audit"), "lockName"), "a transaction's own lock stays");
    }

    @Test
    void eachDatabaseGetsItsOwnVariant() throws Exception {
        String pg = prop(plan(Map.of("target", "postgres", "read", "plain", "move_weight", "45")).sampler("setUp custom"), "statements");
        String maria = prop(plan(Map.of("target", "mariadb", "read", "plain", "move_weight", "45")).sampler("setUp custom"), "statements");

        assertTrue(pg.contains("CREATE TABLE acct_log (id bigserial PRIMARY KEY, who text);"), pg);
        assertTrue(!pg.contains("AUTO_INCREMENT"), pg);
        assertTrue(maria.contains("CREATE TABLE acct_log (id bigint AUTO_INCREMENT PRIMARY KEY, who text);"), maria);
        assertTrue(!maria.contains("bigserial"), maria);
    }

    @Test
    void theGeneratedStudyFileReadsBackAsTheSameWorkload() throws Exception {
        Study study = Studies.parse("custom.yaml", STUDY);
        PlanGenerator.write(study, out);
        Study again = Studies.load(out.resolve("study.yaml").toString());
        Path second = out.resolve("again");
        PlanGenerator.write(again, second);
        for (var cell : study.cells()) {
            assertEquals(Files.readString(out.resolve(cell.planFile())), Files.readString(second.resolve(cell.planFile())),
                    cell.id());
        }
    }

    private Plan plan(Map<String, String> levels) throws Exception {
        return plan(STUDY, levels);
    }

    private Plan plan(String yaml, Map<String, String> levels) throws Exception {
        Study study = Studies.parse("custom.yaml", yaml);
        GeneratedStudy generated = PlanGenerator.write(study, out);
        for (Map<String, String> row : Manifest.read(generated.manifest())) {
            Map<String, String> mine = new LinkedHashMap<>(row);
            mine.keySet().retainAll(levels.keySet());
            if (mine.equals(levels)) {
                HashTree tree = SaveService.loadTree(out.resolve(row.get("plan")).toFile());
                return new Plan(all(tree, TransactionSampler.class), all(tree, SwitchController.class).get(0),
                        all(tree, CSVDataSet.class).get(0));
            }
        }
        throw new AssertionError("no cell " + levels);
    }

    private record Plan(List<TransactionSampler> samplers, SwitchController mix, CSVDataSet csv) {
        TransactionSampler sampler(String name) {
            return samplers.stream().filter(s -> s.getName().equals(name)).findFirst().orElseThrow();
        }
    }

    private static <T> List<T> all(HashTree tree, Class<T> type) {
        SearchByClass<T> search = new SearchByClass<>(type);
        tree.traverse(search);
        return List.copyOf(search.getSearchResults());
    }
}
