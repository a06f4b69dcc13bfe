package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.report.format.Fmt;

/** Machine-readable files carry every double exactly: what R or SciPy computes is what a user reads back. */
class FullPrecisionTest {
    @TempDir
    Path dir;

    @Test
    void exactTextReadsBackToTheSameDoubleInAnyLocaleAndIsShort() {
        Locale saved = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY); // a decimal comma must not leak in
            SplittableRandom random = new SplittableRandom(3);
            for (int i = 0; i < 100_000; i++) {
                double x = switch (i % 3) {
                    case 0 -> random.nextDouble() * Math.pow(10, random.nextInt(-60, 20));
                    case 1 -> Double.longBitsToDouble(random.nextLong() & 0x7FEF_FFFF_FFFF_FFFFL);
                    default -> random.nextInt(100_000) / 1000.0;
                };
                String text = Fmt.exact(x);
                assertEquals(x, Double.parseDouble(text), text);
                // Never more significant digits than Double.toString (which has a few too many on Java 17).
                assertTrue(new java.math.BigDecimal(text).stripTrailingZeros().precision()
                        <= new java.math.BigDecimal(Double.toString(x)).stripTrailingZeros().precision(), text + " vs " + x);
            }
        } finally {
            Locale.setDefault(saved);
        }
        assertEquals("0.01859922289927665", Fmt.exact(0.01859922289927665));
        assertEquals("7.969270957489111", Fmt.exact(7.969270957489111));
        assertEquals("4.208852581246223E-57", Fmt.exact(4.208852581246223e-57));
        assertEquals("22", Fmt.exact(22.0));
        assertEquals("0.1", Fmt.exact(0.1));
        assertEquals("", Fmt.exact(Double.NaN));
        assertEquals("inf", Fmt.exact(Double.POSITIVE_INFINITY));
    }

    @Test
    void testsCsvReadBackEqualsScipyToTwelveDigits() throws Exception {
        // Two families of groups, each a level of factor f with 'set' fixed.
        long[][] small = {{1, 2, 2, 3, 5}, {2, 4, 4, 6, 7, 7}, {3, 3, 8, 9}};
        long[][] big = {TestData.cycle(300, 50, 0), TestData.cycle(300, 50, 20), TestData.cycle(250, 40, 5)};
        Path results = Files.createDirectories(dir.resolve("results"));
        StringBuilder manifest = new StringBuilder("cell,replicate,plan,set,f\n");
        String[] levels = {"a", "b", "c"};
        for (String set : List.of("small", "big")) {
            long[][] groups = set.equals("small") ? small : big;
            for (int g = 0; g < 3; g++) {
                String cell = set + "-" + levels[g];
                manifest.append(cell).append(",1,plans/").append(cell).append(".jmx,").append(set).append(',').append(levels[g]).append('\n');
                StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
                for (int i = 0; i < groups[g].length; i++) {
                    jtl.append(JtlReadingTest.row(1_000_000 + i * 10L, groups[g][i], "q", "200", "OK", true));
                }
                Files.writeString(results.resolve(cell + ".jtl"), jtl);
            }
        }
        Files.writeString(dir.resolve("manifest.csv"), manifest);
        Path out = dir.resolve("out");
        Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")), out, 0, false, 1,
                Optional.empty()));
        List<List<String>> rows = new ArrayList<>();
        CsvTable table = CsvTable.read(out.resolve("tests.csv"), "test", "fixed", "groups", "statistic", "p_value");
        for (CsvTable.Row row : table.rows()) {
            rows.add(row.fields());
        }
        int test = table.column("test");
        int fixed = table.column("fixed");
        int groups = table.column("groups");
        int statistic = table.column("statistic");
        int p = table.column("p_value");
        // python3: scipy.stats.kruskal(*small) → statistic=4.5164848484848505, pvalue=0.104534049904636
        //          scipy.stats.kruskal(*big)   → statistic=259.620320472272, pvalue=4.208852581246223e-57
        //          scipy.stats.mannwhitneyu(small[0], small[1], use_continuity=True, method='asymptotic')
        //            → statistic=5.0, pvalue=0.07864522326072336; (small[1], small[2]) → 10.0, 0.746885633390364
        double[][] expected = {
            {4.5164848484848505, 0.104534049904636}, {259.620320472272, 4.208852581246223e-57},
            {5.0, 0.07864522326072336}, {10.0, 0.746885633390364}};
        String[][] keys = {{"kruskal-wallis", "set=small", "a | b | c"}, {"kruskal-wallis", "set=big", "a | b | c"},
            {"mann-whitney", "set=small", "a | b"}, {"mann-whitney", "set=small", "b | c"}};
        for (int k = 0; k < keys.length; k++) {
            String[] key = keys[k];
            List<String> row = rows.stream().filter(r -> r.get(test).equals(key[0]) && r.get(fixed).equals(key[1])
                    && r.get(groups).equals(key[2])).findFirst().orElseThrow(() -> new AssertionError(String.join(",", key)));
            double h = Double.parseDouble(row.get(statistic));
            double pValue = Double.parseDouble(row.get(p));
            assertEquals(expected[k][0], h, Math.abs(expected[k][0]) * 1e-12, String.join(",", key));
            assertEquals(expected[k][1], pValue, expected[k][1] * 1e-12, String.join(",", key));
        }
    }
}
