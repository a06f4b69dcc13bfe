package org.dbstudy.generator.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.Test;

/**
 * A study file's checks report every mistake they find in one go, each as FILE:LINE: field '…': …;
 * valid: …, and a target whose URL is another database's than its dialect is refused with the file.
 */
class AllMistakesAtOnceTest {
    private static final String FIVE_MISTAKES = """
            name: My Study
            workload:
              template: crud
              parameters: {tabel: dbstudy_person}
            targets:
              - {name: pg, dialect: mariadb, url: "jdbc:postgresql://127.0.0.1:5432/test"}
            factors:
              operation: [read, delete]
              users: [5, 10]
            settings: {duration: 0, rest: 10}
            """;

    @Test
    void aFileWithFiveMistakesGetsFiveMessagesInOneRun() {
        StudyFileException e = assertThrows(StudyFileException.class, () -> Studies.parse("five.yaml", FIVE_MISTAKES));
        List<String> messages = e.messages();
        assertEquals(List.of(
                "five.yaml:1: field 'name': 'My Study' is not a plain name",
                "five.yaml:4: field 'workload.parameters.tabel': template crud has no parameter 'tabel'",
                "five.yaml:6: field 'targets[0].url': 'jdbc:postgresql://127.0.0.1:5432/test' is a PostgreSQL URL"
                        + " (jdbc:postgresql:), not a MariaDB one (jdbc:mariadb:), but the target's dialect is mariadb",
                "five.yaml:8: field 'factors.operation': level 'delete' is not a valid value",
                "five.yaml:10: field 'settings.duration': '0' is not a whole number in range"),
                messages.stream().map(m -> m.substring(0, m.indexOf("; valid: "))).toList(),
                String.join("\n", messages));
        assertEquals(String.join("\n", messages), e.getMessage());
        assertEquals(1, e.line(), "the first problem's line");
        messages.forEach(m -> assertTrue(m.contains("; valid: "), m));
    }

    @Test
    void anUnknownKeyIsReportedWithTheRest() {
        StudyFileException e = assertThrows(StudyFileException.class,
                () -> Studies.parse("six.yaml", FIVE_MISTAKES + "repeats: 2\n"));
        assertEquals(6, e.messages().size(), e.getMessage());
        assertTrue(e.messages().get(5).startsWith("six.yaml:11: field 'repeats': unknown key; valid: name,"), e.getMessage());
    }

    @Test
    void aDialectWhoseUrlIsAnotherDatabasesIsRefusedWithTheValidPrefix() {
        StudyFileException e = assertThrows(StudyFileException.class, () -> Studies.parse("m.yaml", """
                name: m
                workload: {template: crud}
                targets:
                  - {name: db, dialect: mariadb, url: "jdbc:postgresql://127.0.0.1:5432/test"}
                factors: {users: [1]}
                """));
        assertEquals(List.of("m.yaml:4: field 'targets[0].url': 'jdbc:postgresql://127.0.0.1:5432/test' is a PostgreSQL URL"
                + " (jdbc:postgresql:), not a MariaDB one (jdbc:mariadb:), but the target's dialect is mariadb; valid: a"
                + " jdbc:mariadb: URL such as jdbc:mariadb://127.0.0.1:3306/test, or the dialect that URL is for"), e.messages());
    }

    @Test
    void postgresIsADocumentedAliasOfPostgresqlInAnyCase() throws Exception {
        Study study = Studies.parse("a.yaml", """
                name: a
                workload: {template: crud}
                targets:
                  - {name: db, dialect: Postgres, url: "jdbc:postgresql://127.0.0.1:5432/test"}
                factors: {users: [1]}
                """);
        assertEquals(DatabaseKind.POSTGRESQL, study.targets().get(0).kind());
        assertTrue(DatabaseKind.VALID_NAMES.contains("postgres is postgresql"), DatabaseKind.VALID_NAMES);
    }

    @Test
    void aMistakeInATargetDoesNotHideTheOtherFactorsMistakes() {
        StudyFileException e = assertThrows(StudyFileException.class, () -> Studies.parse("t.yaml", """
                name: t
                workload: {template: crud}
                targets:
                  - {name: a, dialect: oracle}
                  - {name: b, dialect: postgresql}
                factors:
                  target: [a, b]
                  users: [0]
                """));
        assertEquals(2, e.messages().size(), e.getMessage());
        assertTrue(e.messages().get(0).startsWith("t.yaml:4: field 'targets[0].dialect'"), e.getMessage());
        assertTrue(e.messages().get(1).startsWith("t.yaml:8: field 'factors.users'"), e.getMessage());
    }
}
