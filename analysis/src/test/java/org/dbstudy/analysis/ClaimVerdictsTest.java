package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dbstudy.analysis.judging.Judgement;
import org.dbstudy.analysis.judging.Reproduction;
import org.dbstudy.analysis.judging.Verdict;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.vocabulary.Claim;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each kind of claim gives the known verdict on synthetic runs: three replicates per cell of
 * shape {up, down, flat} × users {1, 2, 3, 4}. "up" rises 100 ms per user (runs ±2 ms), "down" falls
 * the same way, "flat" stays at 100 ms with runs ±30 ms apart (a true trend, a false one, one inside
 * the noise). Cells of "up" with 3 or 4 users have one failed sample per run.
 */
class ClaimVerdictsTest {
    private static final int[] UP_OFFSETS = {-2, 0, 2};
    private static final int[][] FLAT_OFFSETS = {{30, -30, 0}, {-30, 30, 0}, {0, 30, -30}, {30, 0, -30}};

    @TempDir
    Path dir;
    private StudyResult result;

    @BeforeEach
    void runs() throws Exception {
        StringBuilder manifest = new StringBuilder("cell,replicate,plan,shape,users,arrival\n");
        Files.createDirectories(dir.resolve("results"));
        for (String shape : List.of("up", "down", "flat")) {
            for (int users = 1; users <= 4; users++) {
                for (int rep = 1; rep <= 3; rep++) {
                    String cell = shape + "-u" + users;
                    String plan = cell + "-r" + rep;
                    manifest.append(cell).append(',').append(rep).append(",plans/").append(plan).append(".jmx,")
                            .append(shape).append(',').append(users).append(",x\n");
                    int mean = switch (shape) {
                        case "up" -> 100 * users + UP_OFFSETS[rep - 1];
                        case "down" -> 500 - 100 * users + UP_OFFSETS[rep - 1];
                        default -> 100 + FLAT_OFFSETS[users - 1][rep - 1];
                    };
                    StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
                    long ts = 1_000_000;
                    for (int i = 0; i < 10; i++) {
                        jtl.append(JtlReadingTest.row(ts, mean, "q", "200", "OK", true));
                        ts += 1000;
                    }
                    if (shape.equals("up") && users >= 3) {
                        jtl.append(JtlReadingTest.row(ts, mean, "q", "53300", "too many clients", false));
                    }
                    Files.writeString(dir.resolve("results").resolve(plan + ".jtl"), jtl);
                }
            }
        }
        Files.writeString(dir.resolve("manifest.csv"), manifest);
        result = Analyzer.analyse(new AnalysisOptions(List.of(dir.resolve("results")),
                Optional.of(dir.resolve("manifest.csv")), dir.resolve("out"), 0, false, 1, Optional.empty()));
    }

    private Judgement judge(Claim c) {
        return Reproduction.judge(List.of(c), result.factors(), result.cells()).get(0);
    }

    private static Claim claim(Claim.Kind kind, Claim.Metric metric, String shape, Map<String, String> a,
                               Map<String, String> b, Claim.Direction direction, double low, double high, String upTo) {
        return new Claim("t", Claim.Origin.EXPECTATION, "test", "", kind, metric, "", Map.of("shape", shape), a, b,
                kind == Claim.Kind.TREND || kind == Claim.Kind.THRESHOLD ? "users" : "", direction, low, high, upTo, "", "");
    }

    private Verdict trend(String shape) {
        return judge(claim(Claim.Kind.TREND, Claim.Metric.MEAN, shape, Map.of(), Map.of(), Claim.Direction.INCREASING,
                Double.NaN, Double.NaN, "")).verdict();
    }

    private Verdict ordering(String shape) {
        return judge(claim(Claim.Kind.ORDERING, Claim.Metric.MEAN, shape, Map.of("users", "1"), Map.of("users", "4"),
                null, Double.NaN, Double.NaN, "")).verdict();
    }

    private Judgement ratio(String shape, double low, double high) {
        return judge(claim(Claim.Kind.RATIO, Claim.Metric.MEAN, shape, Map.of("users", "1"), Map.of("users", "4"),
                null, low, high, ""));
    }

    private Judgement limit(String shape, double high) {
        return judge(new Claim("t", Claim.Origin.EXPECTATION, "test", "", Claim.Kind.LIMIT, Claim.Metric.MEAN, "",
                Map.of("shape", shape, "users", "1"), Map.of(), Map.of(), "", null, Double.NaN, high, "", "", ""));
    }

    @Test
    void aTrendHoldsWhenTrueFailsWhenReversedAndIsUndecidedInsideTheNoise() {
        assertEquals(Verdict.HOLDS, trend("up"));
        assertEquals(Verdict.DOES_NOT_HOLD, trend("down"));
        Judgement flat = judge(claim(Claim.Kind.TREND, Claim.Metric.MEAN, "flat", Map.of(), Map.of(),
                Claim.Direction.INCREASING, Double.NaN, Double.NaN, ""));
        assertEquals(Verdict.UNDECIDED, flat.verdict(), flat.explanation());
        assertTrue(flat.explanation().contains("Jonckheere-Terpstra over runs"), flat.explanation());
    }

    @Test
    void anOrderingHoldsFailsOrIsUndecidedOnTheRatioInterval() {
        assertEquals(Verdict.HOLDS, ordering("up"));
        assertEquals(Verdict.DOES_NOT_HOLD, ordering("down"));
        assertEquals(Verdict.UNDECIDED, ordering("flat"));
    }

    @Test
    void aRatioIsJudgedByItsIntervalAndSaysHowManyReplicatesWouldDecide() {
        Judgement up = ratio("up", 0.2, 0.3);
        assertEquals(Verdict.HOLDS, up.verdict(), up.explanation());
        assertTrue(up.ours().startsWith("0.25 ["), up.ours());
        assertEquals(Verdict.DOES_NOT_HOLD, ratio("down", 0.2, 0.3).verdict());
        Judgement flat = ratio("flat", 0.5, 1.5);
        assertEquals(Verdict.UNDECIDED, flat.verdict(), flat.explanation());
        assertTrue(flat.explanation().matches(".*about \\d+ replicates per cell would decide it.*"), flat.explanation());
    }

    @Test
    void p99AndErrorPercentGetAnIntervalOverRunsAndAreJudgedPairedOverReplicates() {
        Judgement p99 = judge(claim(Claim.Kind.RATIO, Claim.Metric.P99, "up", Map.of("users", "1"), Map.of("users", "4"),
                null, 0.2, 0.3, ""));
        assertEquals(Verdict.HOLDS, p99.verdict(), p99.explanation());
        // per replicate 98/398, 100/400, 102/402: every sample of a run has the run's value, so p99 = that value
        double g = Math.exp((Math.log(98.0 / 398) + Math.log(100.0 / 400) + Math.log(102.0 / 402)) / 3);
        assertTrue(p99.ours().startsWith(String.format(java.util.Locale.ROOT, "%.2g [", g)), p99.ours());
        assertTrue(p99.explanation().contains("paired over replicates"), p99.explanation());
        Judgement errors = judge(claim(Claim.Kind.RATIO, Claim.Metric.ERROR_PERCENT, "up", Map.of("users", "3"),
                Map.of("users", "4"), null, 0.9, 1.1, ""));
        assertTrue(errors.ours().matches("1\\.00 \\[1\\.00, 1\\.00\\]"), errors.ours() + " - " + errors.explanation());
    }

    @Test
    void throughputAndErrorTrendsUseEachRunsOwnValue() {
        // per run: 10 samples a second apart, so throughput = 10 / (9 s + the run's response time): it falls as "up"
        // rises; errors are 0 % at 1-2 users and 1/11 at 3-4 in every run (pooled, one value per level, they tied)
        assertEquals(Verdict.DOES_NOT_HOLD, judge(claim(Claim.Kind.TREND, Claim.Metric.THROUGHPUT, "up", Map.of(),
                Map.of(), Claim.Direction.INCREASING, Double.NaN, Double.NaN, "")).verdict());
        assertEquals(Verdict.HOLDS, judge(claim(Claim.Kind.TREND, Claim.Metric.ERROR_PERCENT, "up", Map.of(),
                Map.of(), Claim.Direction.INCREASING, Double.NaN, Double.NaN, "")).verdict());
    }

    @Test
    void anUndecidedVerdictSaysWhichWayItLeans() {
        Judgement flat = judge(claim(Claim.Kind.ORDERING, Claim.Metric.MEAN, "flat", Map.of("users", "1"),
                Map.of("users", "4"), null, Double.NaN, Double.NaN, ""));
        assertEquals(Verdict.UNDECIDED, flat.verdict());
        assertTrue(flat.explanation().matches(".*leans (towards|against) the claim.*"), flat.explanation());
    }

    @Test
    void aThresholdCountsErrorsUpToAndPastItsLevel() {
        Judgement holds = judge(claim(Claim.Kind.THRESHOLD, Claim.Metric.ERROR_PERCENT, "up", Map.of(), Map.of(), null,
                0, 0, "2"));
        assertEquals(Verdict.HOLDS, holds.verdict(), holds.explanation());
        Judgement fails = judge(claim(Claim.Kind.THRESHOLD, Claim.Metric.ERROR_PERCENT, "up", Map.of(), Map.of(), null,
                0, 0, "3"));
        assertEquals(Verdict.DOES_NOT_HOLD, fails.verdict());
        assertTrue(fails.explanation().contains("users=3 (9.09)"), fails.explanation());
        Judgement none = judge(claim(Claim.Kind.THRESHOLD, Claim.Metric.ERROR_PERCENT, "down", Map.of(), Map.of(), null,
                0, 0, "2"));
        assertEquals(Verdict.DOES_NOT_HOLD, none.verdict(), "no errors past 2 users, and errors were claimed there");
    }

    @Test
    void aLimitUsesEachCellsInterval() {
        assertEquals(Verdict.HOLDS, limit("up", 150).verdict());
        assertEquals(Verdict.DOES_NOT_HOLD, limit("up", 50).verdict());
        assertEquals(Verdict.UNDECIDED, limit("flat", 105).verdict());
    }

    @Test
    void aClaimAboutLevelsTheRunLacksOrThatIsMarkedIsNotTestable() {
        Claim absent = new Claim("t", Claim.Origin.PAPER, "test", "", Claim.Kind.ORDERING, Claim.Metric.MEAN, "",
                Map.of(), Map.of("shape", "sideways"), Map.of("shape", "up"), "", null, Double.NaN, Double.NaN, "", "", "");
        Judgement j = judge(absent);
        assertEquals(Verdict.NOT_TESTABLE, j.verdict());
        assertTrue(j.explanation().contains("no cell with shape=sideways"), j.explanation());
        Claim marked = new Claim("t", Claim.Origin.PAPER, "test", "", Claim.Kind.LIMIT, Claim.Metric.MEAN, "",
                Map.of(), Map.of(), Map.of(), "", null, 0, Double.NaN, "", "", "needs a second server version");
        assertEquals("needs a second server version", judge(marked).explanation());
    }

    @Test
    void theAnalysisWritesReproductionCsvAndTheReportSectionFromClaimsBesideTheManifest() throws Exception {
        org.dbstudy.vocabulary.ClaimsFile.write(dir.resolve("claims.csv"), List.of(
                claim(Claim.Kind.TREND, Claim.Metric.MEAN, "up", Map.of(), Map.of(), Claim.Direction.INCREASING,
                        Double.NaN, Double.NaN, ""),
                claim(Claim.Kind.ORDERING, Claim.Metric.MEAN, "down", Map.of("users", "1"), Map.of("users", "4"), null,
                        Double.NaN, Double.NaN, "")));
        Files.writeString(dir.resolve("reference.txt"), "paper: a synthetic study\n");
        Analyzer.run(new AnalysisOptions(List.of(dir.resolve("results")), Optional.of(dir.resolve("manifest.csv")),
                dir.resolve("report"), 0, false, 1, Optional.empty()));
        List<Reproduction.Row> rows = Reproduction.read(dir.resolve("report").resolve(Reproduction.FILE_NAME));
        assertEquals(List.of(Verdict.HOLDS, Verdict.DOES_NOT_HOLD), rows.stream().map(Reproduction.Row::verdict).toList());
        assertTrue(rows.get(1).failsBuild(), "an expectation that does not hold fails a build");
        String html = Files.readString(dir.resolve("report").resolve("index.html"));
        assertTrue(html.contains("id=\"reproduction\"") && html.contains("paper: a synthetic study")
                && html.contains("1 holds, 1 does not hold"), "the section with its reference and counts");
    }
}
