package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.TransactionColumns;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tries, rollbacks by class, consistency, data start, per-label numbers and plans of a two-cell TPC-C
 * study, against values computed by hand from the rows below.
 */
class TransactionReportTest {
    @TempDir
    Path dir;

    private Path out;

    private static String row(long ts, long elapsed, String label, String code, String message, boolean ok) {
        return JtlReadingTest.row(ts, elapsed, label, code, message, ok);
    }

    @BeforeEach
    void study() throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        out = dir.resolve("report");
        Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan,isolation,clients\n"
                + "ser,1,plans/ser.jmx,SERIALIZABLE,2\nrc,1,plans/rc.jmx,READ_COMMITTED,16\n");
        // Cell "ser": workload from 2000 to 3000 ms (span 1 s); tries 1, 3, 1, 3, 1.
        Files.writeString(results.resolve("ser.jtl"), JtlReadingTest.HEADER
                + row(1000, 50, "setUp tpcc-load", "200", "OK rows=10 tries=1 load=done warehouses=1 rows=10 seconds=0.1", true)
                + row(2000, 10, "NewOrder", "200", "OK rows=5 tries=1", true)
                // Quoted (a comma in the message): retried 1 serialization failure and 1 deadlock.
                + row(2100, 30, "NewOrder", "200", "\"OK rows=5 tries=3 retried=serialization_failure:1,deadlock:1\"", true)
                + row(2200, 20, "NewOrder", "200", "intended_rollback: New-Order item 100001 does not exist rows=3 tries=1", true)
                + row(2300, 40, "Payment", "40001 0",
                        "serialization_failure: could not serialize access [tries=3 retried=serialization_failure:2]", false)
                + row(2400, 600, "Q1", "200", "OK rows=15 tries=1", true)
                + row(3100, 5, "tearDown tpcc-consistency", "200", "OK rows=11 tries=1 violations=2 violating_rows=40", true)
                + row(3200, 7, "tearDown ch-plans", "200", "OK rows=0 tries=1 plans=1 file=explain/ser.jmx.plans.txt", true));
        Files.createDirectories(dir.resolve("explain"));
        Files.writeString(dir.resolve("explain/ser.jmx.plans.txt"), "== Q1 ==\nSeq Scan on order_line <x>\n");
        // Cell "rc": the previous cell's data reused, not checked.
        Files.writeString(results.resolve("rc.jtl"), JtlReadingTest.HEADER
                + row(5000, 40, "setUp tpcc-load", "200",
                        "OK rows=0 tries=1 load=skipped (reused 1 warehouses already loaded (existing=REUSE))", true)
                + row(6000, 10, "NewOrder", "200", "OK rows=5 tries=1", true)
                + row(6490, 10, "NewOrder", "200", "OK rows=5 tries=1", true));
        Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")), out, 0, false, 1,
                Optional.empty()));
    }

    private Map<String, CsvTable.Row> rows(String file, String key) throws Exception {
        CsvTable t = CsvTable.read(out.resolve(file));
        return t.rows().stream().collect(Collectors.toMap(r -> r.get(key), r -> r));
    }

    @Test
    void summaryHasTriesRollbacksByClassConsistencyAndDataStart() throws Exception {
        Map<String, CsvTable.Row> summary = rows("summary.csv", "cell");
        CsvTable.Row ser = summary.get("ser");
        assertEquals("5", ser.get("samples"));
        assertEquals("1.8", ser.get(TransactionColumns.TRIES_MEAN), "(1 + 3 + 1 + 3 + 1) / 5");
        assertEquals("3", ser.get(TransactionColumns.TRIES_MAX));
        assertEquals("4", ser.get("rollbacks_serialization_failure"), "1 + 2 retried, 1 last try");
        assertEquals("1", ser.get("rollbacks_deadlock"));
        assertEquals("1", ser.get("rollbacks_intended_rollback"));
        assertEquals("1", ser.get("errors_serialization_failure"), "the intended rollback is no error");
        assertEquals("2", ser.get(TransactionColumns.CONSISTENCY_VIOLATIONS));
        assertEquals("loaded", ser.get(TransactionColumns.DATA_START));
        CsvTable.Row rc = summary.get("rc");
        assertEquals("1", rc.get(TransactionColumns.TRIES_MEAN));
        assertEquals("0", rc.get("rollbacks_serialization_failure"));
        assertEquals("", rc.get(TransactionColumns.CONSISTENCY_VIOLATIONS), "not checked is not 0");
        assertEquals("reused", rc.get(TransactionColumns.DATA_START));
    }

    @Test
    void cellLabelsHaveRequestsPerSecondOverTheCellsTimeAndBothSampleSets() throws Exception {
        CsvTable t = CsvTable.read(out.resolve(TransactionColumns.CELL_LABELS_FILE));
        Map<String, CsvTable.Row> byKey = t.rows().stream().collect(Collectors.toMap(r -> r.get("cell") + "/" + r.get("label"), r -> r));
        assertEquals(List.of("ser/NewOrder", "ser/Payment", "ser/Q1", "rc/NewOrder"),
                t.rows().stream().map(r -> r.get("cell") + "/" + r.get("label")).toList(), "transactions, then queries by number");
        CsvTable.Row newOrder = byKey.get("ser/NewOrder");
        assertEquals("3", newOrder.get("samples"));
        assertEquals("3", newOrder.get("requests_per_s"), "3 samples in the cell's 1 s");
        assertEquals("20", newOrder.get("mean_ms"));
        assertEquals("30", newOrder.get("p99_ms"), "JMeter: k = round(3 x 0.99) = 3rd smallest");
        assertEquals("1.6666666666666667", newOrder.get(TransactionColumns.TRIES_MEAN));
        CsvTable.Row payment = byKey.get("ser/Payment");
        assertEquals("1", payment.get("errors"));
        assertEquals("0", payment.get("successes"));
        assertEquals("0", payment.get("success_per_s"));
        assertEquals("", payment.get("success_mean_ms"));
        assertEquals("40", payment.get("mean_ms"));
        assertEquals("600", byKey.get("ser/Q1").get("p99_ms"));
        assertEquals("4", byKey.get("rc/NewOrder").get("requests_per_s"), "2 samples from 6000 to 6500 ms");
    }

    @Test
    void thePageHasTheS1TablePerLabelTimesAndThePlansEscaped() throws Exception {
        String html = Files.readString(out.resolve("index.html"));
        assertTrue(html.contains("<h2 id=\"transactions\">Transactions per cell</h2>"), "S1 table");
        assertTrue(html.contains("<h3>Per transaction type and query</h3>"), "the cells mix transaction types and queries");
        assertTrue(html.contains("<td>not checked</td>"), html);
        assertTrue(html.contains("Seq Scan on order_line &lt;x&gt;"), "the plan, escaped");
        assertTrue(html.contains("href=\"../explain/ser.jmx.plans.txt\""), "linked relative to the report");
        assertTrue(Files.exists(out.resolve("requests.png")), "S1's figure: requests/s and p99 vs clients");
    }

    @Test
    void aStudyWithoutTheSamplersTriesGetsNoTransactionColumns(@TempDir Path other) throws Exception {
        Path jtl = other.resolve("plain.jtl");
        Files.writeString(jtl, JtlReadingTest.HEADER + row(1000, 5, "q", "200", "OK", true));
        Path report = other.resolve("report");
        Analyzer.run(new AnalysisOptions(List.of(jtl), Optional.empty(), report, 0, false, 1, Optional.empty()));
        CsvTable summary = CsvTable.read(report.resolve("summary.csv"));
        assertFalse(summary.has(TransactionColumns.TRIES_MEAN));
        assertFalse(Files.readString(report.resolve("index.html")).contains("Transactions per cell"));
    }
}
