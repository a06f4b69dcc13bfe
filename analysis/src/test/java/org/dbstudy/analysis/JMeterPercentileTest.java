package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.apache.jorphan.math.StatCalculatorLong;
import org.junit.jupiter.api.Test;
import org.dbstudy.analysis.cells.Accumulator;
import org.dbstudy.analysis.cells.SampleStats;

/** Pins median, 90/95/99% lines, mean and std dev to JMeter's own StatCalculatorLong. */
class JMeterPercentileTest {

    @Test
    void percentilesMatchStatCalculatorOnRandomInputsOfAwkwardSizes() {
        SplittableRandom random = new SplittableRandom(7);
        int[] sizes = {1, 2, 3, 5, 10, 15, 20, 25, 35, 45, 55, 99, 100, 101, 999, 1001, 12_345};
        for (int n : sizes) {
            for (int round = 0; round < 20; round++) {
                // Few distinct values force ties; the wide range crosses the dense limit (ValueCounts.DENSE_LIMIT).
                int spread = round % 2 == 0 ? 5 : 200_000;
                assertSameAsJMeter(random.longs(n, 0, spread).toArray(), "n=" + n + " spread=" + spread);
            }
        }
    }

    @Test
    void floatFractionPicksJMetersRankWhereExactNinetyPercentWouldNot() {
        // n = 5: 5 * 0.9 = 4.5 rounds to 5, but JMeter's 0.8999999761581421 gives 4.4999... → 4.
        long[] values = {10, 20, 30, 40, 50};
        assertEquals(40, TestData.counts(values).percentile(SampleStats.P90));
        assertSameAsJMeter(values, "n=5");
    }

    @Test
    void valuesBeyondTheDenseRangeAreExact() {
        assertSameAsJMeter(new long[] {70_000, 16_383, 16_384, 16_385, 1, 1_000_000, 65_534, 3}, "large values");
    }

    /**
     * The report as a JMeter user reads it: a JTL's cell through Analyzer, and summary.csv and the page's
     * Aggregate Report table give StatCalculator's median, 90/95/99 % lines, min, max and mean; the page
     * says which JMeter numbers these are (not the dashboard's interpolated ones).
     */
    @Test
    void summaryCsvAndThePageShowTheAggregateReportsNumbersForAJtl(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        SplittableRandom random = new SplittableRandom(11);
        StatCalculatorLong jmeter = new StatCalculatorLong();
        StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
        for (int i = 0; i < 1234; i++) {
            long elapsed = 20 + (long) (random.nextDouble() * random.nextDouble() * 400);
            jmeter.addValue(elapsed);
            jtl.append(JtlReadingTest.row(1_700_000_000_000L + i * 7L, elapsed, "q", "200", "OK", true));
        }
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("cell.jtl"), jtl.toString());
        java.nio.file.Path out = dir.resolve("report");
        Analyzer.run(new org.dbstudy.analysis.reading.AnalysisOptions(java.util.List.of(file), java.util.Optional.empty(), out,
                0, false, 1, java.util.Optional.empty()));
        org.dbstudy.vocabulary.files.CsvTable summary = org.dbstudy.vocabulary.files.CsvTable.read(out.resolve("summary.csv"));
        var row = summary.rows().get(0);
        long p90 = jmeter.getPercentPoint((double) (Float.parseFloat("90") / 100)).longValue();
        long p95 = jmeter.getPercentPoint((double) (Float.parseFloat("95") / 100)).longValue();
        long p99 = jmeter.getPercentPoint((double) (Float.parseFloat("99") / 100)).longValue();
        long median = jmeter.getMedian().longValue();
        assertEquals(Long.toString(median), row.get("median_ms"));
        assertEquals(Long.toString(p90), row.get("p90_ms"));
        assertEquals(Long.toString(p95), row.get("p95_ms"));
        assertEquals(Long.toString(p99), row.get("p99_ms"));
        assertEquals(jmeter.getMean(), Double.parseDouble(row.get("mean_ms")), 1e-9);
        String html = java.nio.file.Files.readString(out.resolve("index.html"));
        String aggregate = html.substring(html.indexOf("JMeter's Aggregate Report</h3>"));
        String expected = "<td>q</td><td class=n>1234</td><td class=n>0</td><td class=n>0</td><td class=n>"
                + String.format(java.util.Locale.ROOT, "%.1f", jmeter.getMean()) + "</td><td class=n>" + median
                + "</td><td class=n>" + p90 + "</td><td class=n>" + p95 + "</td><td class=n>" + p99 + "</td><td class=n>"
                + jmeter.getMin() + "</td><td class=n>" + jmeter.getMax() + "</td>";
        org.junit.jupiter.api.Assertions.assertTrue(aggregate.contains(expected), expected + " in " + aggregate.substring(0,
                Math.min(3000, aggregate.length())));
        org.junit.jupiter.api.Assertions.assertTrue(html.contains("JMeter's Aggregate Report lines exactly")
                && html.contains("dashboard (jmeter -g) interpolates"), "the page says whose percentiles these are");
    }

    private static void assertSameAsJMeter(long[] values, String what) {
        StatCalculatorLong jmeter = new StatCalculatorLong();
        Accumulator ours = new Accumulator();
        for (long v : values) {
            jmeter.addValue(v);
            ours.add(0, v, 0, null);
        }
        SampleStats s = SampleStats.of(ours);
        assertEquals(jmeter.getMedian().doubleValue(), s.median(), what + " median");
        assertEquals(jmeter.getPercentPoint(0.5).doubleValue(), s.median(), what + " median as percent point");
        for (int percent : new int[] {90, 95, 99}) {
            double p = (double) (Float.parseFloat(Integer.toString(percent)) / 100);
            double expected = jmeter.getPercentPoint(p).doubleValue();
            double actual = percent == 90 ? s.p90() : percent == 95 ? s.p95() : s.p99();
            assertEquals(expected, actual, what + " " + percent + "%");
        }
        assertEquals(jmeter.getMean(), s.mean(), 1e-9 * Math.max(1, jmeter.getMean()), what + " mean");
        assertEquals(jmeter.getStandardDeviation(), s.stdDev(), 1e-6 * Math.max(1, jmeter.getStandardDeviation()), what + " sd");
        assertEquals(jmeter.getMin().doubleValue(), s.min(), what + " min");
        assertEquals(jmeter.getMax().doubleValue(), s.max(), what + " max");
        assertEquals(jmeter.getCount(), s.samples(), what + " n");
    }
}
