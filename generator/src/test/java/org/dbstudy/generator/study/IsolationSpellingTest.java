package org.dbstudy.generator.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.generator.plan.PlanGenerator;
import org.dbstudy.vocabulary.IsolationLevel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A study file takes an isolation level in every spelling the sampler reads; plans and cells get its one name. */
class IsolationSpellingTest {
    private static final String STUDY = """
            name: spellings
            workload: {template: crud}
            factors:
              users: [1]
              isolation: [REPEATABLE READ, transaction_serializable, read-committed]
            """;

    @Test
    void theSamplersSpellingsAreReadAndTheCanonicalNameIsKept(@TempDir Path dir) throws Exception {
        Study study = Studies.parse("spellings.yaml", STUDY);
        assertEquals(List.of("REPEATABLE_READ", "SERIALIZABLE", "READ_COMMITTED"), study.factorLevels().get("isolation"));
        assertTrue(study.cells().stream().map(Cell::id).anyMatch(id -> id.endsWith("-isolationREPEATABLE_READ")),
                study.cells().stream().map(Cell::id).toList().toString());

        PlanGenerator.write(study, dir);
        String plans;
        try (Stream<Path> files = Files.list(dir.resolve("plans"))) {
            plans = files.map(p -> {
                try {
                    return Files.readString(p);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).reduce("", String::concat);
        }
        assertTrue(plans.contains("<stringProp name=\"isolationLevel\">REPEATABLE_READ</stringProp>"), "the plan's level");
        assertFalse(plans.contains("REPEATABLE READ"), "no other spelling reaches a plan");
    }

    @Test
    void oneLevelInTwoSpellingsIsARepeatAndAnUnknownOneNamesEverySpelling() throws Exception {
        Study study = Studies.parse("spellings.yaml", STUDY);
        Study set = study.withOverrides(Map.of("isolation", List.of("REPEATABLE-READ")), OptionalLong.empty());
        assertEquals(List.of("REPEATABLE_READ"), set.factorLevels().get("isolation"));

        StudyFileException twice = assertThrows(StudyFileException.class, () -> study.withOverrides(
                Map.of("isolation", List.of("REPEATABLE-READ", "TRANSACTION_REPEATABLE_READ")), OptionalLong.empty()));
        assertTrue(twice.getMessage().contains("level 'REPEATABLE_READ' appears twice"), twice.getMessage());

        StudyFileException unknown = assertThrows(StudyFileException.class,
                () -> Studies.parse("bad.yaml", STUDY.replace("REPEATABLE READ", "SNAPSHOT")));
        assertTrue(unknown.getMessage().contains("bad.yaml:5: field 'factors.isolation': level 'SNAPSHOT' is not a valid value")
                && unknown.getMessage().contains(IsolationLevel.validSpellings()), unknown.getMessage());
    }
}
