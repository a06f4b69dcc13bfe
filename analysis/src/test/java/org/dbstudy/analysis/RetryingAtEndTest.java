package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.vocabulary.files.CsvTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Samples still retrying when the cell's window closed (the S1 run's "7.7 % errors" at SERIALIZABLE
 * were 15 of 16 terminals mid-retry at the end) are reported apart: not errors, not in the error rate.
 */
class RetryingAtEndTest {
    @TempDir
    Path dir;

    @Test
    void samplesCutOffByTheWindowAreNeitherErrorsNorInTheErrorRate() throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan,isolation\nser,1,plans/ser.jmx,SERIALIZABLE\n");
        StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
        for (int i = 0; i < 7; i++) {
            jtl.append(JtlReadingTest.row(1000 + i * 100L, 10, "Payment", "200", "OK rows=1 tries=1", true));
        }
        // A real failure: retries used up before the end.
        jtl.append(JtlReadingTest.row(1800, 40, "Payment", "40001 0",
                "serialization_failure: could not serialize access [tries=3 retried=serialization_failure:2]", false));
        // Two samples still retrying when the window closed; their last tries count as retried.
        jtl.append(JtlReadingTest.row(1900, 90, "Payment", "40001 0",
                "retrying_at_end: serialization_failure: could not serialize access [tries=2 retried=serialization_failure:2]",
                false));
        jtl.append(JtlReadingTest.row(1950, 60, "NewOrder", "40P01 0",
                "retrying_at_end: deadlock: deadlock detected [tries=1 retried=deadlock:1]", false));
        Files.writeString(results.resolve("ser.jtl"), jtl);
        Path out = dir.resolve("report");
        Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")), out, 0, false, 1,
                Optional.empty()));

        CsvTable summary = CsvTable.read(out.resolve("summary.csv"));
        CsvTable.Row ser = summary.rows().get(0);
        assertEquals("10", ser.get("samples"));
        assertEquals("1", ser.get("errors"), "only the sample that used up its tries");
        assertEquals("10", ser.get("error_pct"));
        assertEquals("2", ser.get("retrying_at_end"));
        assertEquals("1", ser.get("errors_serialization_failure"));
        assertFalse(summary.header().contains("errors_retrying_at_end"), summary.header().toString());
        assertFalse(summary.header().contains("errors_deadlock"), summary.header().toString());
        assertEquals("7", ser.get("successes"));
        assertEquals("5", ser.get("rollbacks_serialization_failure"), "2 retried + 1 last try, 2 retried at the end");
        assertEquals("1", ser.get("rollbacks_deadlock"));
        assertFalse(summary.header().contains("rollbacks_retrying_at_end"), summary.header().toString());
        String page = Files.readString(out.resolve("index.html"));
        assertTrue(page.contains("2 more were still retrying when their cell"), "errors section says so apart");
        assertTrue(page.contains("retrying at end"), "the cells table has the column");
    }
}
