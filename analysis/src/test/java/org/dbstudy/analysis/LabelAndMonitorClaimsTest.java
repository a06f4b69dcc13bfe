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
 * label_ratio and monitor claims on analysed runs: two cells (users 1, 2) of three replicates; every run has
 * a transaction "txn" of 100 ms, another label "stmt" of 80 ms (a share of 0.8), the sub-result "txn-stmt3" of
 * 82 ms (as the tpcb workload writes its statements with {@code sub_results: true}), and a monitor file whose
 * host CPU is busy 50, 60, 70 % (replicates 1, 2, 3) in users=2, 10 % in users=1.
 */
class LabelAndMonitorClaimsTest {
    @TempDir
    Path dir;
    private StudyResult result;

    @BeforeEach
    void runs() throws Exception {
        StringBuilder manifest = new StringBuilder("cell,replicate,plan,users,arrival\n");
        Path results = Files.createDirectories(dir.resolve("results"));
        Path monitor = Files.createDirectories(dir.resolve("monitor"));
        long start = 1_000_000;
        for (int users = 1; users <= 2; users++) {
            for (int rep = 1; rep <= 3; rep++) {
                String cell = "u" + users;
                String plan = cell + "-r" + rep;
                manifest.append(cell).append(',').append(rep).append(",plans/").append(plan).append(".jmx,").append(users)
                        .append(",x\n");
                StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
                StringBuilder mon = new StringBuilder("timeStamp,source,metric,value,unit\n");
                double busy = users == 1 ? 10 : 40 + 10 * rep;
                for (int i = 0; i < 10; i++) {
                    long ts = start + i * 1000L;
                    jtl.append(JtlReadingTest.row(ts, 100, "txn", "200", "OK", true));
                    jtl.append(JtlReadingTest.row(ts, 80, "stmt", "200", "OK", true));
                    jtl.append(JtlReadingTest.row(ts, 82, "txn-stmt3", "200", "OK", true));
                    mon.append(ts).append(",host,cpu_idle_pct,").append(100 - busy).append(",pct\n");
                }
                Files.writeString(results.resolve(plan + ".jtl"), jtl);
                Files.writeString(monitor.resolve(plan + ".csv"), mon);
                start += 60_000;
            }
        }
        Files.writeString(dir.resolve("manifest.csv"), manifest);
        result = Analyzer.analyse(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")),
                dir.resolve("out"), 0, false, 1, Optional.empty()));
    }

    private Judgement judge(Claim c) {
        return Reproduction.judge(List.of(c), result.factors(), result.claimCells(), List.of(), result.monitor()).get(0);
    }

    private static Claim labels(String label, String versus, double low, double high) {
        return new Claim("t", Claim.Origin.EXPECTATION, "test", "", Claim.Kind.LABEL_RATIO, Claim.Metric.MEAN, label,
                Map.of(), Map.of(), Map.of(), "", null, low, high, "", "", "", versus, "");
    }

    private static Claim cpu(String users, double low) {
        return new Claim("t", Claim.Origin.EXPECTATION, "test", "", Claim.Kind.MONITOR, Claim.Metric.MEAN, "",
                Map.of("users", users), Map.of(), Map.of(), "", null, low, Double.NaN, "", "", "", "",
                Claim.MonitorFigure.HOST_CPU_BUSY_PCT.id());
    }

    @Test
    void aLabelsShareOfAnotherInTheSameCellIsJudgedAgainstItsBand() {
        Judgement share = judge(labels("stmt", "txn", 0.72, 0.92));
        assertEquals(Verdict.HOLDS, share.verdict(), share.explanation());
        // Two runs a cell, each with the same share: an interval over runs, of no width.
        assertEquals("0.80 [0.80, 0.80]", share.ours());
        assertTrue(share.explanation().contains("geometric mean over 2 cells"), share.explanation());
        assertEquals(Verdict.DOES_NOT_HOLD, judge(labels("stmt", "txn", 0.9, 1.1)).verdict());
        Judgement missing = judge(labels("UPDATE tellers", "txn", 0.72, 0.92));
        assertEquals(Verdict.NOT_TESTABLE, missing.verdict());
        assertTrue(missing.explanation().contains("labels here: stmt, txn, txn-stmt3"), missing.explanation());
        Judgement statement = judge(labels("txn-stmt3", "txn", 0.72, 0.92));
        assertEquals(Verdict.HOLDS, statement.verdict(), "a sub-result, kept out of the cell's statistics, is a label here");
        assertEquals("0.82", statement.ours());
    }

    @Test
    void aMonitorFigureIsTheMeanOfItsRunsWithAnIntervalOverRuns() {
        // runs 50, 60, 70: mean 60, se 5.7735, qt(0.975, 2) = 4.302653 → [35.2, 84.8]
        Judgement busy = judge(cpu("2", 30));
        assertEquals(Verdict.HOLDS, busy.verdict(), busy.explanation());
        assertEquals("60.0 [35.2, 84.8] %", busy.ours());
        assertEquals(Verdict.UNDECIDED, judge(cpu("2", 50)).verdict(), "the interval crosses 50");
        assertEquals(Verdict.DOES_NOT_HOLD, judge(cpu("1", 50)).verdict(), "10 % in every run");
    }
}
