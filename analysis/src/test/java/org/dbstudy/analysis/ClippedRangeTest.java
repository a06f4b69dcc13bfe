package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.report.figures.ClippedRange;
import org.dbstudy.vocabulary.files.CsvTable;

/** One huge interval no longer sets the y axis of every point: it is cut at the axis, and the figure says so. */
class ClippedRangeTest {
    private static final double NONE = Double.NaN;

    @Test
    void theOthersSetTheAxisAndTheHugeBarIsCut() {
        // Means 5–120 ms with intervals, one of them 2.8–3014 ms (two runs, one slow).
        ClippedRange r = ClippedRange.of(List.of(new double[] {5, 4, 6}, new double[] {40, 30, 55},
                new double[] {120, 100, 150}, new double[] {90, 2.8, 3014}), true);
        assertEquals(0, r.range().getLowerBound());
        assertEquals(150 * 1.08, r.range().getUpperBound(), 1e-9, "the highest end that stays: 150 ms, 8 % headroom");
        assertEquals(1, r.cut());
        assertEquals(3014, r.highestCut());
    }

    @Test
    void barsWithinThreeTimesTheLargestPointStayWhole() {
        ClippedRange r = ClippedRange.of(List.of(new double[] {100, 50, 299}, new double[] {20, NONE, NONE}), true);
        assertEquals(0, r.cut());
        assertEquals(299 * 1.08, r.range().getUpperBound(), 1e-9);
        ClippedRange justAbove = ClippedRange.of(List.of(new double[] {100, 50, 301}), true);
        assertEquals(1, justAbove.cut());
        assertEquals(100 * 1.08, justAbove.range().getUpperBound(), 1e-9, "the point itself stays in view");
    }

    @Test
    void withoutCuttingEveryBarSetsTheAxis() {
        ClippedRange r = ClippedRange.of(List.of(new double[] {1.2, 0.9, 40}, new double[] {1, 0.8, 1.3}), false);
        assertEquals(0, r.cut());
        assertEquals(40 * 1.08, r.range().getUpperBound(), 1e-9);
        assertEquals("", ClippedRange.note(0, NONE, " ms"));
    }

    /**
     * A study of 4 × 3 cells, 3 runs each, where one run of one cell is 300 times slower: response-mean.png
     * is drawn, its caption says one bar was cut and how high it reached, and summary.csv keeps that interval.
     */
    @Test
    void theRenderedFigureSaysWhatItCut(@TempDir Path dir) throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        StringBuilder manifest = new StringBuilder("cell,replicate,plan,isolation,users\n");
        for (String isolation : List.of("READ_COMMITTED", "REPEATABLE_READ", "SERIALIZABLE")) {
            for (int users : List.of(4, 8, 16, 32)) {
                String cell = "isolation" + isolation + "-users" + users;
                for (int run = 1; run <= 3; run++) {
                    String plan = cell + "-r" + run;
                    manifest.append(cell).append(',').append(run).append(",plans/").append(plan).append(".jmx,")
                            .append(isolation).append(',').append(users).append('\n');
                    boolean slow = isolation.equals("SERIALIZABLE") && users == 32 && run == 3;
                    long base = slow ? 3000 : users;
                    StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
                    for (int i = 0; i < 40; i++) {
                        jtl.append(JtlReadingTest.row(1_000_000 + run * 100_000L + i * 50L, base + i % 5, "txn", "200", "OK", true));
                    }
                    Files.writeString(results.resolve(plan + ".jtl"), jtl.toString());
                }
            }
        }
        Files.writeString(dir.resolve("manifest.csv"), manifest.toString());
        Path out = dir.resolve("report");
        Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")), out, 0, false, 1,
                Optional.empty()));
        BufferedImage png = ImageIO.read(out.resolve("response-mean.png").toFile());
        assertTrue(png.getWidth() > 0 && png.getHeight() > 0);
        CsvTable summary = CsvTable.read(out.resolve("summary.csv"), "cell");
        CsvTable.Row slowCell = summary.rows().stream().filter(r -> r.get("cell").equals("isolationSERIALIZABLE-users32"))
                .findFirst().orElseThrow();
        double high = Double.parseDouble(slowCell.get("mean_ci95_high"));
        assertTrue(high > 3 * 1100, "summary.csv keeps the full interval: " + high);
        List<String> captions = Files.readAllLines(out.resolve("captions.txt"));
        String mean = captions.get(captions.indexOf("response-mean.png response-mean.svg") + 1);
        assertTrue(mean.contains("One error bar reaches above the y axis (to " + org.dbstudy.analysis.report.format.Fmt.num(high, 0)
                + " ms) and is cut at its top"), mean);
    }
}
