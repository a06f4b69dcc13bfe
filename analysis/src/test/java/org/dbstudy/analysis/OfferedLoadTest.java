package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.vocabulary.CsvTable;
import org.dbstudy.vocabulary.SampleVariables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Offered load from the sampler's intendedStart column: two users pausing 100 ms after 10 ms samples.
 * On schedule, each starts when meant to; behind it, 50 ms late every time (a busy client's timer
 * waking late). The designed rate is 2 / 0.1 s = 20/s for both; only the late cell is marked.
 */
class OfferedLoadTest {
    @TempDir
    Path dir;

    private static String row(long ts, long elapsed, String thread, long intended) {
        return JtlReadingTest.row(ts, elapsed, "q", "200", "OK", true).replace(",t 1-1,", "," + thread + ",").trim()
                + "," + (intended > 0 ? Long.toString(intended) : "") + "\n";
    }

    private static String run(long lateMillis) {
        StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER.trim() + "," + SampleVariables.INTENDED_START + "\n");
        for (int t = 0; t < 2; t++) {
            long start = 1_000_000 + t * 50L;
            long intended = -1;
            for (int i = 0; i < 50; i++) {
                jtl.append(row(start, 10, "users 1-" + (t + 1), intended));
                intended = start + 10 + 100;
                start = intended + lateMillis;
            }
        }
        return jtl.toString();
    }

    @Test
    void aCellBehindItsScheduleIsMarkedWithDesignedOfferedAndAchievedRates() throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan,users\non-time,1,plans/on-time.jmx,2\n"
                + "late,1,plans/late.jmx,2\n");
        Files.writeString(results.resolve("on-time.jtl"), run(0));
        Files.writeString(results.resolve("late.jtl"), run(50));
        Path out = dir.resolve("report");
        var report = Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")), out, 0,
                false, 1, Optional.empty()));

        CsvTable summary = CsvTable.read(out.resolve("summary.csv"), "cell");
        CsvTable.Row onTime = summary.rows().stream().filter(r -> r.get("cell").equals("on-time")).findFirst().orElseThrow();
        CsvTable.Row late = summary.rows().stream().filter(r -> r.get("cell").equals("late")).findFirst().orElseThrow();
        for (CsvTable.Row r : List.of(onTime, late)) {
            // designed = offered × Σgap / Σpause = 2 users / 0.1 s, up to the span's edges (one sample's length)
            assertEquals(20, Double.parseDouble(r.get("designed_per_s")), 0.5, r.fields().toString());
            assertEquals("98", r.get("lag_samples"), "every sample but each thread's first");
            assertEquals("25", r.get("lag_bound_ms"), "25 % of the 100 ms pause");
        }
        assertEquals("0", onTime.get("lag_p99_ms"));
        assertEquals("false", onTime.get("behind_schedule"));
        assertEquals("valid", onTime.get("validity"));
        assertEquals("50", late.get("lag_p50_ms"));
        assertEquals("50", late.get("lag_max_ms"));
        assertEquals("true", late.get("behind_schedule"));
        assertEquals("threatened", late.get("validity"));
        assertTrue(late.get("validity_threats").startsWith("schedule lag: p99 50 ms above the bound of 25 ms"),
                late.get("validity_threats"));
        // 50 samples per user every 160 ms against every 110 ms: the offered rate falls to about 2/3.
        double offered = Double.parseDouble(late.get("offered_per_s"));
        assertEquals(2 * 1000.0 / 160, offered, 0.3);
        assertEquals(offered, Double.parseDouble(late.get("achieved_per_s")), 1e-9, "no failures");
        assertTrue(report.warnings().stream().anyMatch(w -> w.startsWith("1 of 2 cells ran under threats")
                && w.contains("late: schedule lag")), report.warnings().toString());
        String page = Files.readString(out.resolve("index.html"));
        assertTrue(page.contains("id=\"validity\"") || page.contains("id=validity"), "the page has a Validity section");
        assertTrue(page.contains("1 of 2 cells ran under conditions that threaten"), "the section says which");
    }
}
