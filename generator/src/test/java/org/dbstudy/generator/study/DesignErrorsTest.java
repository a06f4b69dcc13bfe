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
import org.dbstudy.generator.design.StudyFileException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each bad design names file, line, field and what would be valid, and nothing is written. */
class DesignErrorsTest {
    /** Lines 8 to 12 are the factors A to E; line 14 is {@code design:}, 15 its type, 16 the next key. */
    private static final String FRACTIONAL = """
            name: err
            workload:
              template: crud
              parameters: {table: dbstudy_person}
            targets:
              - {name: postgres, dialect: postgresql}
            factors:
              operation: [read, write]
              users: [5, 10]
              rows: [50, 100]
              interval: [0, 0.1]
              isolation: [READ_COMMITTED, SERIALIZABLE]
            settings: {duration: 10, rest: 0}
            design:
              type: fractional-factorial
            """;
    /** Lines 8 and 9 are the factors; line 11 is {@code design:}. */
    private static final String TWO_FACTORS = """
            name: err
            workload:
              template: crud
              parameters: {table: dbstudy_person}
            targets:
              - {name: postgres, dialect: postgresql}
            factors:
              operation: [read, write]
              users: [5, 10]
            settings: {duration: 10, rest: 0}
            """;

    @TempDir
    Path dir;

    static Stream<Arguments> badDesigns() {
        return Stream.of(
                bad("generator naming an unknown factor", FRACTIONAL + "  generators: [E=ABCF]\n", 16,
                        "design.generators[0]", "uses F, but the design has 5 two-level factors",
                        "letters A to E (A=operation, B=users, C=rows, D=interval, E=isolation)"),
                bad("generator with I", FRACTIONAL + "  generators: [E=ABIC]\n", 16, "design.generators[0]",
                        "uses I, which stands for the identity", "letters A to E"),
                bad("generator that is not one", FRACTIONAL + "  generators: [E+ABCD]\n", 16, "design.generators[0]",
                        "'E+ABCD' is not a generator", "LETTER=LETTERS, e.g. E=ABCD"),
                bad("two generators that make two factors one column", FRACTIONAL + "  generators: [D=ABC, E=ABC]\n",
                        16, "design.generators", "the defining relation contains I=DE: main effects D and E would be"
                        + " one column (resolution II)", "no word shorter than 3 letters"),
                bad("a generator of one factor", FRACTIONAL + "  generators: [E=A]\n", 16, "design.generators",
                        "'E=A' makes E and A the same column (resolution II)", "a product of two or more base factors"),
                bad("a generator on a generated factor", FRACTIONAL + "  generators: [D=ABC, E=ABD]\n", 16,
                        "design.generators", "'E=ABD' uses D, which another generator defines",
                        "a product of base factors only: ABC"),
                bad("resolution not reachable in the runs asked for", FRACTIONAL + "  runs: 8\n  resolution: 4\n", 17,
                        "design.resolution", "resolution IV is not reachable with 5 factors in 8 runs: 2^(5-2) reaches"
                        + " III", "resolution III in 8 runs, or 16 runs for resolution IV"),
                bad("resolution not reachable for these factors", FRACTIONAL + "  resolution: 6\n", 16,
                        "design.resolution", "resolution VI is not reachable with 5 factors: the half fraction 2^(5-1)"
                        + " reaches V", "resolution 3 to 5 for 5 factors, or design type full-factorial"),
                bad("resolution of generators below the one asked for", FRACTIONAL
                        + "  generators: [D=AB, E=AC]\n  resolution: IV\n", 17, "design.resolution",
                        "the generators give resolution III, less than the IV asked for",
                        "resolution III with these generators, or 16 runs for resolution IV"),
                bad("resolution II", FRACTIONAL + "  resolution: II\n", 16, "design.resolution",
                        "'II' is not a resolution of 3 or more", "3, 4, 5, … or III, IV, V, …"),
                bad("runs that are no fraction", FRACTIONAL + "  runs: 32\n", 16, "design.runs",
                        "32 runs is not a fraction of the 32 cells", "8 runs (resolution III), 16 runs (resolution V)"),
                bad("runs that are no power of two", FRACTIONAL + "  runs: 12\n", 16, "design.runs",
                        "'12' is not a power of two of at least 4", "4, 8, 16"),
                bad("runs that disagree with the generators", FRACTIONAL + "  generators: [E=ABCD]\n  runs: 8\n", 17,
                        "design.runs", "8 runs, but 1 generator(s) for 5 factors give 2^(5-1) = 16", "16, or leave runs"),
                bad("nothing to choose the fraction by", FRACTIONAL, 15, "design",
                        "a fractional-factorial design needs runs, resolution or generators",
                        "choices for 5 factors: 8 runs (resolution III), 16 runs (resolution V)"),
                bad("a factor with three levels", FRACTIONAL.replace("users: [5, 10]", "users: [5, 10, 20]")
                        + "  resolution: 5\n", 9, "factors.users", "3 levels in a fractional-factorial design",
                        "two levels per factor"),
                bad("too few two-level factors", TWO_FACTORS + "design: {type: fractional-factorial, resolution: 3}\n",
                        11, "design.type", "2 factor(s) with two levels (A=operation, B=users)",
                        "a fractional-factorial design of 3 to 25 two-level factors"),
                bad("unknown design type", TWO_FACTORS + "design: {type: latin-square}\n", 11, "design.type",
                        "'latin-square' is not a design type",
                        "full-factorial, one-factor-at-a-time, fractional-factorial"),
                bad("a key of another design type", TWO_FACTORS
                        + "design: {type: one-factor-at-a-time, generators: [E=ABCD]}\n", 11, "design.generators",
                        "not a key of a one-factor-at-a-time design", "type, baseline, combined"),
                bad("exclude in a fractional design", FRACTIONAL + "  resolution: 5\nexclude: [{users: 5}]\n", 17,
                        "exclude", "a fractional-factorial design chooses its own cells", "full-factorial only"),
                bad("baseline of an unknown factor", TWO_FACTORS
                        + "design: {type: one-factor-at-a-time, baseline: {rows: 50}}\n", 11, "design.baseline.rows",
                        "not a factor of the study", "operation, users"),
                bad("baseline level that is not a level", TWO_FACTORS
                        + "design: {type: one-factor-at-a-time, baseline: {users: 7}}\n", 11, "design.baseline.users",
                        "'7' is not a level of users", "5, 10"),
                bad("combined configuration equal to the baseline", TWO_FACTORS
                        + "design:\n  type: one-factor-at-a-time\n  combined:\n    same: {users: 5}\n", 14,
                        "design.combined.same", "the same levels as the cell 'one-factor-at-a-time baseline'",
                        "differs from the baseline in two or more factors"),
                bad("combined configuration equal to one factor varied", TWO_FACTORS
                        + "design:\n  type: one-factor-at-a-time\n  combined:\n    one: {users: 10}\n", 14,
                        "design.combined.one", "the same levels as the cell 'one-factor-at-a-time vary users'",
                        "two or more factors"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badDesigns")
    void badDesignNamesFileLineFieldAndWhatIsValidAndWritesNothing(String what, String yaml, int line, String field,
                                                                   String problem, String valid) throws Exception {
        StudyFileRejection.assertRejected(dir, yaml, line, field, problem, valid);
    }

    @Test
    void theGoodDesignsOfTheseCasesAreValid() throws Exception {
        assertEquals(16, Studies.parse("good.yaml", FRACTIONAL + "  resolution: 5\n").cells().size());
        assertEquals(3, Studies.parse("good.yaml", TWO_FACTORS + "design: {type: one-factor-at-a-time}\n").cells()
                .size());
    }

    @Test
    void anOverrideThatGivesAFactorThreeLevelsIsRefused() throws Exception {
        Study good = Studies.parse("good.yaml", FRACTIONAL + "  resolution: 5\n");
        StudyFileException e = assertThrows(StudyFileException.class,
                () -> good.withOverrides(Map.of("users", List.of("5", "10", "20")), OptionalLong.empty()));
        assertTrue(e.getMessage().contains("field 'factors.users': 3 levels in a fractional-factorial design"),
                e.getMessage());
    }
}
