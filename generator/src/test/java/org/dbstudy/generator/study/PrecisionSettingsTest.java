package org.dbstudy.generator.study;

import static org.dbstudy.generator.study.StudyFileRejection.bad;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.dbstudy.generator.plan.PlanGenerator;
import org.dbstudy.vocabulary.CellPrecision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code settings.duration: {min, max}} with {@code settings.precision}: parsed, written back, and every mistake named. */
class PrecisionSettingsTest {
    private static final String GOOD = """
            name: prec
            workload:
              template: crud
              parameters: {table: dbstudy_person}
            factors:
              operation: [read]
              users: [2]
            settings:
              duration: {min: 10, max: 120}
              precision: {mean_latency: 5%, throughput: 2.5%}
            """;

    @TempDir
    Path dir;

    private Study load(String yaml) throws Exception {
        Path file = dir.resolve("s.yaml");
        Files.writeString(file, yaml);
        return Studies.load(file.toString());
    }

    @Test
    void aRangeWithPrecisionRunsTheMaximumAndKeepsItsTargets() throws Exception {
        Study study = load(GOOD);
        assertEquals(120, study.durationSeconds(), "the plan's window is the maximum");
        CellPrecision p = study.precision();
        assertEquals(10, p.minSeconds());
        assertEquals(120, p.maxSeconds());
        assertEquals(Map.of(CellPrecision.Statistic.MEAN_LATENCY, new BigDecimal("0.05"),
                CellPrecision.Statistic.THROUGHPUT, new BigDecimal("0.025")), p.targets());
        assertEquals("{mean_latency: 5%, throughput: 2.5%}", p.targetsText());
    }

    @Test
    void theEffectiveStudyReadsBackTheSameAndDurationOnTheCommandLineMakesCellsFixed() throws Exception {
        Study study = load(GOOD);
        PlanGenerator.write(study, dir.resolve("out"));
        Study again = Studies.load(dir.resolve("out/study.yaml").toString());
        assertEquals(study.precision(), again.precision());
        assertEquals(120, again.durationSeconds());
        String props = Files.readString(dir.resolve("out/study.properties"));
        assertTrue(props.contains("study.duration.min=10") && props.contains("study.precision="), props);
        Study fixed = study.withOverrides(Map.of(), java.util.OptionalLong.of(30));
        assertTrue(fixed.precision().fixed());
        assertEquals(30, fixed.durationSeconds());
    }

    @Test
    void aSingleDurationIsAFixedCell() throws Exception {
        assertTrue(load(GOOD.replace("  duration: {min: 10, max: 120}\n  precision: {mean_latency: 5%, throughput: 2.5%}\n",
                "  duration: 7\n")).precision().fixed());
    }

    static Stream<Arguments> mistakes() {
        return Stream.of(
                bad("precision without a range", GOOD.replace("{min: 10, max: 120}", "60"), 10, "settings.precision",
                        "needs a duration range", "settings.duration: {min: 10, max: 120}"),
                bad("a range without precision", GOOD.replace("  precision: {mean_latency: 5%, throughput: 2.5%}\n", ""), 9,
                        "settings.duration", "a range needs a precision", "settings.precision: {mean_latency: 5%}"),
                bad("min above max", GOOD.replace("min: 10", "min: 200"), 9, "settings.duration.min",
                        "200 s is above the maximum (120 s)", "1 to 120"),
                bad("no max", GOOD.replace(", max: 120", ""), 9, "settings.duration.max", "missing", "both min and max"),
                bad("unknown range key", GOOD.replace("max: 120", "max: 120, mean: 3"), 9, "settings.duration.mean",
                        "unknown key", "min, max"),
                bad("a percentage without %", GOOD.replace("5%,", "5,"), 10, "settings.precision.mean_latency",
                        "'5' is not a relative half-width", "a percentage above 0 and below 100"),
                bad("zero percent", GOOD.replace("2.5%", "0%"), 10, "settings.precision.throughput",
                        "'0%' is not a relative half-width", "e.g. 5%"),
                bad("unknown statistic", GOOD.replace("throughput:", "p99:"), 10, "settings.precision.p99", "unknown key",
                        "mean_latency, throughput"),
                bad("a fixed warm-up beside precision", GOOD.replace("settings:\n", "settings:\n  warm_up: 5\n"), 9,
                        "settings.warm_up", "a fixed warm-up beside a precision setting", "detect their warm-up"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mistakes")
    void eachMistakeNamesFileLineAndField(String what, String yaml, int line, String field, String problem, String valid)
            throws Exception {
        StudyFileRejection.assertRejected(dir, yaml, line, field, problem, valid);
    }
}
