package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.visualizers.SamplingStatCalculator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.report.format.Fmt;

/**
 * A JTL no dbstudy run made (no manifest): its labels are one plan's samplers, so the page calls them labels,
 * ends JMeter's Aggregate Report with its TOTAL row, and runs no significance test across them. With a manifest,
 * cells are named by their factors' levels, never by the glued cell id.
 */
class StockJtlPageTest {
    @TempDir
    Path dir;

    @Test
    void labelsGetJMetersTotalRowAndNoTestAcrossThem() throws Exception {
        SplittableRandom random = new SplittableRandom(3);
        SamplingStatCalculator jmeter = new SamplingStatCalculator("TOTAL");
        StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
        List<String> labels = List.of("login", "search", "checkout");
        long ts = 1_700_000_000_000L;
        for (int i = 0; i < 900; i++) {
            String label = labels.get(i % 3);
            long elapsed = (i % 3 + 1) * 10 + (long) (random.nextDouble() * random.nextDouble() * 300);
            boolean ok = random.nextInt(20) != 0;
            ts += random.nextInt(15);
            jtl.append(JtlReadingTest.row(ts, elapsed, label, ok ? "200" : "500", ok ? "OK" : "failed", ok));
            SampleResult s = SampleResult.createTestSample(ts, ts + elapsed);
            s.setSuccessful(ok);
            jmeter.addSample(s);
        }
        Path file = Files.writeString(dir.resolve("plan.jtl"), jtl.toString());
        Path out = dir.resolve("report");
        Analyzer.run(new AnalysisOptions(List.of(file), Optional.empty(), out, 0, false, 1, Optional.empty()));
        String html = Files.readString(out.resolve("index.html"));

        assertTrue(html.contains("<h2 id=\"cells\">Labels</h2>"), "the section says labels");
        String expected = "<tr class=\"total\"><td>TOTAL</td><td class=n>" + jmeter.getCount() + "</td><td class=n>"
                + jmeter.getErrorCount() + "</td><td class=n>" + Fmt.num(100 * jmeter.getErrorPercentage(), 2)
                + "</td><td class=n>" + Fmt.num(jmeter.getMean(), 1) + "</td><td class=n>" + jmeter.getMedian()
                + "</td><td class=n>" + jmeter.getPercentPoint(0.90f) + "</td><td class=n>" + jmeter.getPercentPoint(0.95f)
                + "</td><td class=n>" + jmeter.getPercentPoint(0.99f) + "</td><td class=n>" + jmeter.getMin()
                + "</td><td class=n>" + jmeter.getMax() + "</td><td class=n>" + Fmt.num(jmeter.getStandardDeviation(), 1)
                + "</td><td class=n>" + Fmt.num(jmeter.getRate(), 2) + "</td></tr>";
        assertTrue(html.contains(expected), expected + " in\n" + html.substring(html.indexOf("JMeter's Aggregate Report</h3>")));
        assertEquals(900, jmeter.getCount());

        assertFalse(html.contains("id=\"tests\""), "no Kruskal-Wallis across the samplers of one plan");
        String validity = html.substring(html.indexOf("<h2 id=\"validity\""));
        assertTrue(validity.contains("<thead><tr><th>label</th><th>verdict</th><th>threats</th></tr>"),
                "no empty columns where nothing was measured: " + validity.substring(0, 600));
        assertEquals(1, Files.readAllLines(out.resolve("tests.csv")).size(), "tests.csv has its header only");
    }

    @Test
    void cellsAreNamedByTheirLevelsAndHaveNoTotal() throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        StringBuilder manifest = new StringBuilder("cell,replicate,plan,isolation,users\n");
        for (String isolation : List.of("READ_COMMITTED", "REPEATABLE_READ")) {
            for (int users : List.of(4, 16)) {
                String cell = "isolation" + isolation + "-users" + users;
                manifest.append(cell).append(",1,plans/").append(cell).append(".jmx,").append(isolation).append(',')
                        .append(users).append('\n');
                StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
                for (int i = 0; i < 30; i++) {
                    jtl.append(JtlReadingTest.row(1_000_000 + i * 50L, users + i % 7, "txn", "200", "OK", true));
                }
                Files.writeString(results.resolve(cell + ".jtl"), jtl.toString());
            }
        }
        Files.writeString(dir.resolve("manifest.csv"), manifest.toString());
        Path out = dir.resolve("report");
        Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")), out, 0, false, 1,
                Optional.empty()));
        String html = Files.readString(out.resolve("index.html"));
        String cells = html.substring(html.indexOf("<h2 id=\"cells\">Cells</h2>"), html.indexOf("<h2 id=\"validity\""));
        String validity = html.substring(html.indexOf("<h2 id=\"validity\""));
        validity = validity.substring(0, validity.indexOf("<h2", 4));
        for (String table : List.of(cells, validity)) {
            assertTrue(table.contains("<thead><tr><th>isolation</th><th>users</th>"), "one column per factor: " + table);
            assertTrue(table.contains("<tr><td>REPEATABLE_READ</td><td class=n>16</td>"), table);
            assertFalse(table.contains("isolationREPEATABLE_READ-users16"), "no glued cell id: " + table);
        }
        assertFalse(cells.contains("TOTAL"), "cells of a design are not summed");
        assertTrue(html.contains("id=\"tests\""), "a factor's levels are tested");
    }
}
