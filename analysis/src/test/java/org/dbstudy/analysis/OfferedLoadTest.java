package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.SampleVariables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Offered load from the sampler's intendedStart column: two users pausing 100 ms after 10 ms samples.
 * On schedule, each starts when meant to; behind it, 50 ms late every time (a busy client's timer
 * waking late); slow, on time but its responses grow to 40 ms (a starved server: no lag, less offered).
 * The designed rate is 2 / (0.1 s pause + 10 ms fastest response) = 18.2/s for all; the late and the
 * slow cell are marked.
 */
class OfferedLoadTest {
    @TempDir
    Path dir;

    private static String row(long ts, long elapsed, String thread, long intended) {
        return JtlReadingTest.row(ts, elapsed, "q", "200", "OK", true).replace(",t 1-1,", "," + thread + ",").trim()
                + "," + (intended > 0 ? Long.toString(intended) : "") + "\n";
    }

    private static String run(long lateMillis) {
        return run(lateMillis, 10);
    }

    /** Each thread's first two samples take 10 ms, the others {@code elapsed}. */
    private static String run(long lateMillis, long elapsed) {
        StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER.trim() + "," + SampleVariables.INTENDED_START + "\n");
        for (int t = 0; t < 2; t++) {
            long start = 1_000_000 + t * 50L;
            long intended = -1;
            for (int i = 0; i < 50; i++) {
                long e = i <= 1 ? 10 : elapsed;
                jtl.append(row(start, e, "users 1-" + (t + 1), intended));
                intended = start + e + 100;
                start = intended + lateMillis;
            }
        }
        return jtl.toString();
    }

    @Test
    void aCellBehindItsScheduleIsMarkedWithDesignedOfferedAndAchievedRates() throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan,users\non-time,1,plans/on-time.jmx,2\n"
                + "late,1,plans/late.jmx,2\nslow,1,plans/slow.jmx,2\n");
        Files.writeString(results.resolve("on-time.jtl"), run(0));
        Files.writeString(results.resolve("late.jtl"), run(50));
        Files.writeString(results.resolve("slow.jtl"), run(0, 40));
        Path out = dir.resolve("report");
        var report = Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")), out, 0,
                false, 1, Optional.empty()).withCoCorrection(true));

        CsvTable summary = CsvTable.read(out.resolve("summary.csv"), "cell");
        String page = Files.readString(out.resolve("index.html"));
        CsvTable.Row onTime = summary.rows().stream().filter(r -> r.get("cell").equals("on-time")).findFirst().orElseThrow();
        CsvTable.Row late = summary.rows().stream().filter(r -> r.get("cell").equals("late")).findFirst().orElseThrow();
        CsvTable.Row slow = summary.rows().stream().filter(r -> r.get("cell").equals("slow")).findFirst().orElseThrow();
        for (CsvTable.Row r : List.of(onTime, late, slow)) {
            // designed = offered × Σgap / (Σpause + pauses × fastest) = 2 users / 0.11 s, up to the span's edges
            assertEquals(2 / 0.11, Double.parseDouble(r.get("designed_per_s")), 0.5, r.fields().toString());
            assertEquals("0.9", r.get("offered_share_bound"));
            assertEquals("98", r.get("lag_samples"), "every sample but each thread's first");
            assertEquals("25", r.get("lag_bound_ms"), "25 % of the 100 ms pause");
        }
        assertEquals("0", onTime.get("lag_p99_ms"));
        assertEquals(1, Double.parseDouble(onTime.get("offered_share")), 1e-9, "every period as designed");
        assertEquals("false", onTime.get("behind_schedule"));
        assertEquals("not assessed", onTime.get("validity"), "on time, but no monitor data");
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
        // Slow: no lag (the intended start counts from the previous end), but a 140 ms period against 110 ms.
        assertEquals("0", slow.get("lag_max_ms"));
        assertEquals(49 * 110.0 / (2 * 110 + 47 * 140), Double.parseDouble(slow.get("offered_share")), 1e-9);
        assertEquals("true", slow.get("behind_schedule"));
        assertTrue(slow.get("validity_threats").startsWith("behind schedule: offered 14."), slow.get("validity_threats"));
        assertTrue(slow.get("validity_threats").contains("/s designed (79 % of the designed rate offered, below 90 %),"
                + " paced by the responses (mean 38.8 ms, fastest 10 ms), not by the client"), slow.get("validity_threats"));
        assertTrue(late.get("validity_threats").contains("; behind schedule: 69 % of the designed rate offered, below 90 %"),
                late.get("validity_threats"));
        // Corrected for coordinated omission with the 110 ms designed period: 40 ms responses hide nothing.
        assertEquals("110", slow.get("co_interval_ms"));
        assertEquals(slow.get("co_raw_samples"), slow.get("co_samples"));
        assertEquals("98", slow.get("co_raw_samples"));
        assertTrue(page.contains("corrected for coordinated omission"), "the page says both");
        assertTrue(report.warnings().stream().anyMatch(w -> w.startsWith("2 of 3 cells ran under threats")
                && w.contains("late: schedule lag")), report.warnings().toString());
        assertTrue(page.contains("id=\"validity\"") || page.contains("id=validity"), "the page has a Validity section");
        assertTrue(page.contains("2 of 3 cells ran under conditions that threaten"), "the section says which");
    }
}
