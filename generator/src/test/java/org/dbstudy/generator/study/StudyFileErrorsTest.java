package org.dbstudy.generator.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.dbstudy.generator.study.StudyFileRejection.bad;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.dbstudy.generator.design.Design;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.generator.design.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each bad study names file, line, field and what would be valid, and nothing is written. */
class StudyFileErrorsTest {
    private static final String GOOD = """
            name: err
            workload:
              template: crud
              parameters: {table: dbstudy_person}
            targets:
              - {name: postgres, dialect: postgresql, url: "jdbc:postgresql://127.0.0.1:5432/test", user: postgres}
            factors:
              operation: [read, write]
              users: [5, 10]
            settings: {duration: 10, rest: 0}
            """;

    @TempDir
    Path dir;

    static Stream<Arguments> badStudies() {
        return Stream.of(
                bad("unknown factor", GOOD.replace("  users: [5, 10]", "  usres: [5, 10]"),
                        9, "factors.usres", "unknown factor 'usres'", "users (or clients)"),
                bad("empty level list", GOOD.replace("users: [5, 10]", "users: []"),
                        9, "factors.users", "no levels", "a whole number from 1 to 100000"),
                bad("zero users", GOOD.replace("users: [5, 10]", "users: [0, 10]"),
                        9, "factors.users", "'0' is out of range", "a whole number from 1 to 100000"),
                bad("duplicate level gives duplicate cell ids", GOOD.replace("users: [5, 10]", "users: [5, 5]"),
                        9, "factors.users", "level '5' appears twice", "distinct levels"),
                bad("non-positive duration", GOOD.replace("duration: 10", "duration: 0"),
                        10, "settings.duration", "'0' is not a whole number in range", "from 1 to"),
                bad("unknown connection timing", GOOD.replace("rest: 0}", "rest: 0, connect: lazy}"),
                        10, "settings.connect", "'lazy' is not a connection timing",
                        "before_first_sample, in_first_sample, per_sample"),
                bad("unknown dialect", GOOD.replace("dialect: postgresql", "dialect: oracle"),
                        6, "targets[0].dialect", "unknown dialect 'oracle'", "postgresql, mysql, mariadb"),
                bad("password in a target", GOOD.replace("user: postgres}", "user: postgres, password: secret}"),
                        6, "targets[0].password", "a password is never allowed", "-Jdb.password"),
                bad("a key's password in a target's URL", GOOD.replace("5432/test\"", "5432/test?sslpassword=k3y\""),
                        6, "targets[0].url", "'jdbc:postgresql://127.0.0.1:5432/test?sslpassword=***' holds a secret",
                        "bin/dbstudy run --url"),
                bad("monitor address without a port", GOOD.replace("user: postgres}", "user: postgres, monitor: db1}"),
                        6, "targets[0].monitor", "'db1' is not HOST:PORT", "dbstudy monitor"),
                bad("table is not a plain SQL name", GOOD.replace("table: dbstudy_person", "table: \"people; drop\""),
                        4, "workload.parameters.table", "'people; drop' is not valid", "a plain SQL name"),
                bad("table is a word PostgreSQL reserves", GOOD.replace("table: dbstudy_person", "table: order"),
                        4, "workload.parameters.table", "'order' is a reserved word in PostgreSQL; choose another name",
                        "a plain SQL name that PostgreSQL does not reserve"),
                bad("table is a word MariaDB reserves, in any case", GOOD.replace("table: dbstudy_person", "table: Keys")
                        .replace("dialect: postgresql, url: \"jdbc:postgresql://127.0.0.1:5432/test\", user: postgres",
                                "dialect: mariadb, url: \"jdbc:mariadb://127.0.0.1:3306/test\", user: root"),
                        4, "workload.parameters.table", "'Keys' is a reserved word in MariaDB; choose another name",
                        "a plain SQL name that MariaDB does not reserve"),
                bad("a level of a table factor is a reserved word", GOOD.replace("  users: [5, 10]",
                        "  users: [5, 10]\n  table: [people, select]"), 10, "table",
                        "'select' is a reserved word in PostgreSQL; choose another name",
                        "a plain SQL name that PostgreSQL does not reserve"),
                bad("reuse is neither true nor false", GOOD.replace("{table: dbstudy_person}", "{table: dbstudy_person, reuse: maybe}"),
                        4, "workload.parameters.reuse", "'maybe' is not a valid value", "false, true"),
                bad("session setting is not a plain SQL name", GOOD.replace("  users: [5, 10]",
                        "  users: [5, 10]\n  session.work-mem: [4MB]"), 10, "factors.session.work-mem",
                        "'work-mem' is not a plain SQL setting name", "session.<setting>"),
                bad("unknown template parameter", GOOD.replace("{table: dbstudy_person}", "{tabel: x}"),
                        4, "workload.parameters.tabel", "template crud has no parameter 'tabel'", "table"),
                bad("unknown template", GOOD.replace("template: crud", "template: tpch"),
                        3, "workload.template", "unknown template 'tpch'", "crud, school, tpcb, tpcc, chbench"),
                bad("operation of another template", GOOD.replace("[read, write]", "[read, update-high]"),
                        8, "factors.operation", "'update-high' is not a valid value", "read, write"),
                bad("unknown top-level key", GOOD + "repeats: 2\n",
                        11, "repeats", "unknown key", "replicates"),
                bad("bad study name", GOOD.replace("name: err", "name: My Study"),
                        1, "name", "not a plain name", "lower-case letters"),
                bad("exclusion with an unknown level", GOOD + "exclude: [{operation: delete}]\n",
                        11, "exclude[0].operation", "'delete' is not a level of operation", "read, write"),
                bad("exclusion of every cell", GOOD + "exclude: [{operation: read}, {operation: write}]\n",
                        11, "exclude", "every cell is excluded", "at least one cell"),
                bad("YAML syntax", GOOD.replace("users: [5, 10]", "users: [5, 10"),
                        10, "(YAML)", "not valid YAML", "YAML"),
                bad("order", GOOD + "order: shuffled\n", 11, "order", "'shuffled' is not an order", "design, random"),
                bad("school variant", GOOD.replace("template: crud", "template: school")
                        .replace("parameters: {table: dbstudy_person}", "parameters: {lock_timeout_s: 5}")
                        .replace("operation: [read, write]", "variant: [plain, nowait]"),
                        8, "factors.variant", "'nowait' is not a valid value", "plain, lock_wait_timeout, get_lock"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badStudies")
    void badStudyNamesFileLineFieldAndWhatIsValidAndWritesNothing(String what, String yaml, int line, String field,
                                                                  String problem, String valid) throws Exception {
        StudyFileRejection.assertRejected(dir, yaml, line, field, problem, valid);
    }

    @Test
    void theGoodStudyOfTheseCasesIsValid() throws Exception {
        assertEquals(4, Studies.parse("good.yaml", GOOD).cells().size());
    }

    @Test
    void commandLineOverridesAreCheckedToo() throws Exception {
        Study good = Studies.parse("good.yaml", GOOD);
        StudyFileException unknown = assertThrows(StudyFileException.class,
                () -> good.withOverrides(Map.of("colour", List.of("red")), OptionalLong.empty()));
        assertTrue(unknown.getMessage().startsWith("command line: field '--set colour': unknown factor 'colour'"),
                unknown.getMessage());
        assertTrue(unknown.getMessage().contains("valid: factors users (or clients)"), unknown.getMessage());
        StudyFileException rows = assertThrows(StudyFileException.class,
                () -> good.withOverrides(Map.of("rows", List.of("-5")), OptionalLong.empty()));
        assertTrue(rows.getMessage().contains("'-5' is out of range; valid:"), rows.getMessage());
        StudyFileException duration = assertThrows(StudyFileException.class,
                () -> good.withOverrides(Map.of(), OptionalLong.of(0)));
        assertTrue(duration.getMessage().startsWith("command line: field '--duration'"), duration.getMessage());
    }

    @Test
    void aMissingFileSaysWhatCouldBeLoaded() {
        StudyFileException e = assertThrows(StudyFileException.class, () -> Studies.load("no-such-study"));
        assertTrue(e.getMessage().contains("smoke, crud-factorial"), e.getMessage());
    }

    @Test
    void cellsThatGetTheSameIdAreRejected() {
        Design d = new Design("x.yaml", "x", "", org.dbstudy.generator.workload.Workloads.byName("crud"), Map.of(),
                List.of(new Target("a+b", org.dbstudy.vocabulary.DatabaseKind.POSTGRESQL, "jdbc:postgresql://h/db", "u"),
                        new Target("a_b", org.dbstudy.vocabulary.DatabaseKind.POSTGRESQL, "jdbc:postgresql://h/db", "u")),
                List.of(new Design.Factor("target", List.of("a+b", "a_b"), 7)),
                new Design.Settings(10, 0, 0, 0), 1, "design", 1, List.of());
        StudyFileException e = assertThrows(StudyFileException.class, () -> new Study(d));
        assertTrue(e.getMessage().startsWith("x.yaml:7: field 'factors': cells"), e.getMessage());
        assertTrue(e.getMessage().contains("both get the id 'a_b'"), e.getMessage());
    }
}
