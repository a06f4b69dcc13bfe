package org.dbstudy.generator.study;

import static org.dbstudy.generator.study.StudyFileRejection.bad;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.dbstudy.generator.design.StudyFileException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A custom workload's mistakes name file, line and field and what would be valid, as the rest of the study file. */
class CustomWorkloadErrorsTest {
    /** Line 1 is {@code name}; the transaction's keys start at line 11. */
    private static final String GOOD = """
            name: custom-err
            workload:
              custom:
                tables: [acct]
                parameters: {accounts: 100}
                setup:
                  - CREATE TABLE acct (id int PRIMARY KEY, balance int)
                load: {acct: {rows: "{accounts}", columns: {id: n, balance: 100}}}
                transactions:
                  move:
                    weight: 3
                    random: {a: "uniform(1, {accounts})"}
                    statements:
                      - UPDATE acct SET balance = balance - 1 WHERE id = :a
            targets:
              - {name: postgres, dialect: postgresql, url: "jdbc:postgresql://127.0.0.1:5432/test", user: postgres}
              - {name: mariadb, dialect: mariadb, url: "jdbc:mariadb://127.0.0.1:3306/test", user: root}
            factors:
              users: [2]
            """;

    @TempDir
    Path dir;

    static Stream<Arguments> badStudies() {
        return Stream.of(
                bad("unknown key of a transaction", GOOD.replace("    weight: 3", "    wieght: 3"), 11,
                        "workload.custom.transactions.move.wieght", "unknown key", "weight, random, statements, isolation"),
                bad("unknown key of the workload", GOOD.replace("    tables: [acct]", "    tabels: [acct]"), 4,
                        "workload.custom.tabels", "unknown key", "tables, parameters, setup"),
                bad("a target without a variant of a statement", GOOD.replace(
                                "      - UPDATE acct SET balance = balance - 1 WHERE id = :a",
                                "      - {postgresql: \"UPDATE acct SET balance = balance - 1 WHERE id = :a\"}"), 14,
                        "workload.custom.transactions.move.statements[0]", "no SQL for MariaDB (target 'mariadb')",
                        "a 'mariadb:' variant, or an 'any:' one"),
                bad("a value bound but not declared", GOOD.replace("WHERE id = :a", "WHERE id = :b"), 14,
                        "workload.custom.transactions.move.statements[0]", ":b is neither a random value", ":a"),
                bad("a random value that is not one", GOOD.replace("uniform(1, {accounts})", "gauss(1, {accounts})"), 12,
                        "workload.custom.transactions.move.random.a", "'gauss(1, 100)' is not a random value",
                        "uniform(min, max), nurand(A, min, max) or zipfian(min, max, s)"),
                bad("a parameter that is not declared", GOOD.replace("uniform(1, {accounts})", "uniform(1, {acounts})"), 12,
                        "workload.custom.transactions.move.random.a", "{acounts} is not a parameter of the workload",
                        "{accounts}"),
                bad("a table created but not declared", GOOD.replace("      - CREATE TABLE acct (id int PRIMARY KEY, balance int)",
                                "      - CREATE TABLE acct (id int PRIMARY KEY, balance int)\n      - CREATE TABLE acct2 (id int)"), 8,
                        "workload.custom.setup[1]", "creates table 'acct2', which tables does not declare",
                        "add it to workload.custom.tables"),
                bad("an isolation level the sampler does not have", GOOD.replace("    weight: 3", "    isolation: SNAPSHOT"), 11,
                        "workload.custom.transactions.move.isolation", "'SNAPSHOT' is not a choice", "READ_COMMITTED"),
                bad("template and custom together", GOOD.replace("  custom:", "  template: crud\n  custom:"), 3,
                        "workload.template", "a workload is a template or custom, not both", "remove template, or custom"),
                bad("a variant chooser that is not a parameter", GOOD.replace(
                                "      - UPDATE acct SET balance = balance - 1 WHERE id = :a",
                                "      - {choose: style, a: \"SELECT 1\"}"), 14,
                        "workload.custom.transactions.move.statements[0].choose", "'style' is not a parameter of the workload",
                        "a name under workload.custom.parameters"),
                bad("a factor level of a parameter that is not a number", GOOD.replace("  users: [2]", "  accounts: [10, many]"),
                        19, "factors.accounts", "level 'many' is not valid", "a whole number"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badStudies")
    void aMistakeNamesFileLineFieldAndWhatIsValid(String what, String yaml, int line, String field, String problem,
                                                  String valid) throws Exception {
        StudyFileRejection.assertRejected(dir, yaml, line, field, problem, valid);
    }

    @Test
    void theGoodStudyIsAccepted() throws Exception {
        Study study = Studies.parse("good.yaml", GOOD);
        assertEquals("custom", study.template());
        assertEquals(2, study.cells().size(), "one cell per target");
    }

    @Test
    void runningOnADatabaseWithoutAVariantIsAMistakeNamingTheStatement() throws Exception {
        String pgOnly = GOOD.replace("  - {name: mariadb, dialect: mariadb, url: \"jdbc:mariadb://127.0.0.1:3306/test\", user: root}\n", "")
                .replace("      - UPDATE acct SET balance = balance - 1 WHERE id = :a",
                        "      - {postgresql: \"UPDATE acct SET balance = balance - 1 WHERE id = :a\"}");
        Study study = Studies.parse("pg-only.yaml", pgOnly);
        StudyFileException e = org.junit.jupiter.api.Assertions.assertThrows(StudyFileException.class,
                () -> study.forDialect(org.dbstudy.vocabulary.DatabaseKind.MARIADB));
        assertEquals("pg-only.yaml:14: field 'workload.custom.transactions.move.statements[0]': no SQL for MariaDB (--db mariadb);"
                + " valid: a 'mariadb:' variant, or an 'any:' one for every database", e.getMessage());
    }

    @Test
    void everyMistakeIsReportedAtOnce() {
        String yaml = GOOD.replace("    weight: 3", "    weight: 3\n        tries: 0").replace("rows: \"{accounts}\"", "rows: \"{acounts}\"")
                .replace("  - CREATE TABLE acct (id int PRIMARY KEY, balance int)",
                        "  - {postgresql: \"CREATE TABLE acct (id int PRIMARY KEY, balance int)\"}");
        StudyFileException e = org.junit.jupiter.api.Assertions.assertThrows(StudyFileException.class,
                () -> Studies.parse("custom-err.yaml", yaml));
        assertEquals(3, e.messages().size(), e.getMessage());
        assertTrue(e.getMessage().contains("custom-err.yaml:7: field 'workload.custom.setup[0]': no SQL for MariaDB"), e.getMessage());
        assertTrue(e.getMessage().contains("field 'workload.custom.transactions.move.tries'"), e.getMessage());
        assertTrue(e.getMessage().contains("field 'workload.custom.load.acct.rows': {acounts} is not a parameter"), e.getMessage());
    }
}
