package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dbstudy.analysis.judging.Reproduction;
import org.dbstudy.analysis.judging.Verdict;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.vocabulary.Claim;
import org.dbstudy.vocabulary.ClaimsFile;
import org.dbstudy.vocabulary.files.RunStatusFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A claim is judged only on runs that count (issue 46, item 9): a study whose cell has three replicates, the
 * third failed (its server was killed, so its samples took 5 s), claims a mean below 150 ms. Without the
 * failed run the two others (100 and 102 ms) hold it, and the claim says which run it left out; had the
 * failed run been counted (the same files, the run recorded done) the claim would not hold.
 */
class FailedRunClaimsTest {
    private static final int[] MEANS = {100, 102, 5000};

    @TempDir
    Path dir;

    @Test
    void aFailedReplicateIsLeftOutOfTheClaimAndTheClaimSaysSo() throws Exception {
        Reproduction.Row judged = judge(RunStatusFile.FAILED);
        assertEquals(Verdict.HOLDS, judged.verdict(), judged.line());
        assertTrue(judged.explanation().endsWith("judged on 2 of 3 runs; left out 1: c1 replicate 3 failed (server gone)"),
                judged.explanation());
    }

    @Test
    void countedTheFailedReplicateWouldHaveChangedTheVerdict() throws Exception {
        Reproduction.Row counted = judge(RunStatusFile.DONE);
        assertNotEquals(Verdict.HOLDS, counted.verdict(), counted.line());
        assertTrue(!counted.explanation().contains("left out"), counted.explanation());
    }

    /** The study analysed with replicate 3 recorded as {@code status}; its one claim's row of reproduction.csv. */
    private Reproduction.Row judge(String status) throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        StringBuilder manifest = new StringBuilder("cell,replicate,plan,users,arrival\n");
        for (int rep = 1; rep <= 3; rep++) {
            String plan = "c1-r" + rep;
            manifest.append("c1,").append(rep).append(",plans/").append(plan).append(".jmx,4,x\n");
            StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
            long ts = 1_000_000 + rep * 100_000L;
            for (int i = 0; i < 20; i++) {
                jtl.append(JtlReadingTest.row(ts, MEANS[rep - 1] + i % 3 - 1, "q", "200", "OK", true));
                ts += 500;
            }
            Files.writeString(results.resolve(plan + ".jtl"), jtl);
        }
        Files.writeString(dir.resolve("manifest.csv"), manifest);
        RunStatusFile.write(dir.resolve(RunStatusFile.FILE_NAME), List.of(
                new RunStatusFile.Row("c1", 1, RunStatusFile.DONE, "", "", "", 20),
                new RunStatusFile.Row("c1", 2, RunStatusFile.DONE, "", "", "", 20),
                new RunStatusFile.Row("c1", 3, status, status.equals(RunStatusFile.DONE) ? "" : "server gone", "", "", 20)));
        ClaimsFile.write(dir.resolve(ClaimsFile.FILE_NAME), List.of(new Claim("mean-below-150", Claim.Origin.EXPECTATION,
                "test", "mean below 150 ms", Claim.Kind.LIMIT, Claim.Metric.MEAN, "", Map.of(), Map.of(), Map.of(), "",
                null, Double.NaN, 150, "", "", "")));
        Path out = dir.resolve("out-" + status);
        Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")), out, 0, false, 1,
                Optional.empty()));
        List<Reproduction.Row> rows = Reproduction.read(out.resolve(Reproduction.FILE_NAME));
        assertEquals(1, rows.size());
        return rows.get(0);
    }
}
