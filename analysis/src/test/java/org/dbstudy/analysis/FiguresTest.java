package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.report.files.AnalysisReport;
import org.dbstudy.analysis.report.figures.FigureOptionException;
import org.dbstudy.analysis.report.figures.PercentileIntervals;

/**
 * Figures of a full S0 design (2 x 4 x 7 x 6 = 336 cells, small synthetic JTLs): every cell
 * charted, files in all three formats and well-formed, and a figure re-drawn from summary.csv
 * alone equal to the report's.
 */
class FiguresTest {
    static final List<String> OPERATIONS = List.of("read", "write");
    static final List<String> INTERVALS = List.of("0.1", "0.5", "1", "2");
    static final List<String> USERS = List.of("5", "10", "20", "30", "50", "80", "100");
    static final List<String> ROWS = List.of("50", "100", "200", "500", "1000", "2000");

    @TempDir
    static Path dir;
    static Path out;
    static AnalysisReport report;
    static long millis;

    @BeforeAll
    static void analyseA336CellStudy() throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        StringBuilder manifest = new StringBuilder("cell,replicate,plan,operation,interval,users,rows\n");
        int cell = 0;
        for (String op : OPERATIONS) {
            for (String interval : INTERVALS) {
                for (String users : USERS) {
                    for (String rows : ROWS) {
                        String name = op + "-" + interval + "-" + users + "-" + rows;
                        manifest.append(name).append(",1,plans/").append(name).append(".jmx,").append(op).append(',')
                                .append(interval).append(',').append(users).append(',').append(rows).append('\n');
                        // Response time grows with users and rows; writes slower; a few refused connections at 100 users.
                        int base = 1 + Integer.parseInt(users) / 10 + Integer.parseInt(rows) / 200 + (op.equals("write") ? 5 : 0);
                        StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
                        for (int i = 0; i < 30; i++) {
                            boolean ok = !users.equals("100") || i % 10 != 0;
                            jtl.append(JtlReadingTest.row(1_000_000 + i * 100L, base + (i * 7 + cell) % 5, op,
                                    ok ? "200" : "53300 0", ok ? "OK" : "too many clients", ok));
                        }
                        Files.writeString(results.resolve(name + ".jtl"), jtl.toString());
                        cell++;
                    }
                }
            }
        }
        Files.writeString(dir.resolve("manifest.csv"), manifest.toString());
        out = dir.resolve("report");
        long start = System.nanoTime();
        // Every format, PDF too (a report's default is PNG and SVG).
        report = Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")), out, 0, false, 1,
                Optional.empty()), java.util.EnumSet.allOf(org.dbstudy.analysis.report.figures.ChartSaver.Format.class));
        millis = (System.nanoTime() - start) / 1_000_000;
        System.out.println("FiguresTest: report of " + report.cells() + " cells in " + millis + " ms");
    }

    @Test
    void everyOneOf336CellsIsCharted() throws Exception {
        assertEquals(336, report.cells());
        String html = Files.readString(out.resolve("index.html"));
        for (String kind : List.of("over-time", "distribution")) {
            List<Integer> charted = new ArrayList<>();
            // One caption per figure: the alt text says it again.
            Matcher m = Pattern.compile("<figcaption>[^<]*cells (\\d+)-(\\d+) of 336").matcher(html.substring(html.indexOf("id=\"fig-" + kind + "-1\"")));
            while (m.find() && charted.size() < 336) {
                for (int c = Integer.parseInt(m.group(1)); c <= Integer.parseInt(m.group(2)); c++) {
                    charted.add(c);
                }
            }
            assertEquals(336, charted.size(), kind);
            assertEquals(336, charted.stream().distinct().count(), kind);
            for (int page = 1; page <= 21; page++) {
                assertTrue(Files.isRegularFile(out.resolve(kind + "-" + page + ".png")), kind + " page " + page);
            }
            assertFalse(Files.exists(out.resolve(kind + "-22.png")), kind);
        }
    }

    @Test
    void theS0GridIsOneFigureWithErrorBarsForTheP90Line() throws Exception {
        // operation x interval panels on one page: 2 rows x 4 columns.
        BufferedImage grid = ImageIO.read(out.resolve("response-p90.png").toFile());
        assertEquals(4 * 300, grid.getWidth(), "four columns, 300 px each");
        assertTrue(grid.getHeight() > 500, "two rows of panels");
        assertFalse(Files.exists(out.resolve("response-p90-2.png")), "one page");
        List<String> intervals = Files.readAllLines(out.resolve(PercentileIntervals.FILE));
        // median, 90%, 95% and 99% lines over all samples and over the successful (analysed) ones
        assertEquals(1 + 336 * 4 * 2, intervals.size());
    }

    @Test
    void theStressFigureHasTheErrorRateOnASecondAxis() throws Exception {
        // S0 stress: interval 0.1 s, 2000 rows, a panel per operation; errors at 100 users.
        Path to = dir.resolve("stress");
        List<Path> files = Figures.draw(new Figures.Request(out, "stress", List.of("mean_ms"), null, null, null,
                List.of("interval=0.1", "rows=2000"), 900, 0, List.of("svg"), to, "stress"));
        String svg = Files.readString(files.get(0));
        assertTrue(svg.contains("errors (% of samples)") && svg.contains("operation = write"), "right axis and panels");
    }

    @Test
    void everyFigureIsWrittenAsWellFormedSvgAndPdf() throws Exception {
        List<Path> pngs;
        try (var files = Files.list(out)) {
            pngs = files.filter(p -> p.toString().endsWith(".png")).toList();
        }
        // 21 pages each of over-time and distributions, the mean and the 90% line; no statements figure: labels.csv
        // pools each label over all 336 cells, which mixes users, rows and intervals.
        assertTrue(pngs.size() >= 42 + 2, pngs.toString());
        assertFalse(Files.exists(out.resolve("statements.png")), "labels pooled over cells are not compared");
        DocumentBuilderFactory xml = DocumentBuilderFactory.newInstance();
        // Well-formedness only: the SVG DOCTYPE's DTD is not fetched.
        xml.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        for (Path png : pngs) {
            String base = png.getFileName().toString().replaceFirst("\\.png$", "");
            Path svg = out.resolve(base + ".svg");
            var doc = xml.newDocumentBuilder().parse(svg.toFile());
            assertEquals("svg", doc.getDocumentElement().getNodeName(), svg.toString());
            byte[] pdf = Files.readAllBytes(out.resolve(base + ".pdf"));
            assertEquals("%PDF", new String(pdf, 0, 4, StandardCharsets.ISO_8859_1), base);
            assertTrue(new String(pdf, Math.max(0, pdf.length - 8), Math.min(8, pdf.length), StandardCharsets.ISO_8859_1)
                    .trim().endsWith("%%EOF"), base);
            assertTrue(Files.size(png) < 300_000, png + " is " + Files.size(png) + " bytes");
        }
    }

    @Test
    void aFigureRedrawnFromSummaryCsvAloneEqualsTheReportsOwn() throws Exception {
        Path alone = Files.createDirectories(dir.resolve("only-summary"));
        Files.copy(out.resolve("summary.csv"), alone.resolve("summary.csv"));
        List<Path> files = Figures.draw(new Figures.Request(alone, "lines", List.of(), null, null, null, null,
                0, 0, List.of("png"), null, "response-mean"));
        assertEquals(List.of(alone.resolve("response-mean.png")), files);
        assertArrayEquals(pixels(out.resolve("response-mean.png")), pixels(files.get(0)), "same figure from summary.csv alone");
    }

    @Test
    void chosenStatisticFactorsAndSizeAreDrawn() throws Exception {
        Path to = dir.resolve("chosen");
        List<Path> files = Figures.draw(new Figures.Request(out, "lines", List.of("p99_ms", "throughput_per_s"), "rows", "users",
                List.of("operation"), List.of("interval=0.5"), 1200, 700, List.of("png", "svg"), to, null));
        assertEquals(List.of(to.resolve("figure-lines-p99_ms-throughput_per_s.png"), to.resolve("figure-lines-p99_ms-throughput_per_s.svg")),
                files);
        BufferedImage image = ImageIO.read(files.get(0).toFile());
        assertEquals(1200, image.getWidth());
        assertEquals(700, image.getHeight());
    }

    @Test
    void badFigureOptionsNameTheOptionAndTheValidValues() {
        FigureOptionException stat = assertThrows(FigureOptionException.class, () -> Figures.draw(request("lines", "p91_ms", null)));
        assertEquals("--stat", stat.option());
        assertTrue(stat.getMessage().contains("p90_ms") && stat.getMessage().contains("throughput_per_s"), stat.getMessage());
        FigureOptionException x = assertThrows(FigureOptionException.class, () -> Figures.draw(request("lines", "mean_ms", "operation")));
        assertEquals("--x", x.option());
        assertTrue(x.getMessage().contains("interval, users, rows"), x.getMessage());
        FigureOptionException kind = assertThrows(FigureOptionException.class, () -> Figures.draw(request("pie", "mean_ms", null)));
        assertTrue(kind.getMessage().contains("lines, stress, speedup, improvement, statements"), kind.getMessage());
        FigureOptionException missing = assertThrows(FigureOptionException.class, () -> Figures.draw(new Figures.Request(out,
                "lines", List.of("mean_ms"), "users", "rows", List.of("operation"), null, 900, 0, null, dir.resolve("x"), null)));
        assertEquals("--panel", missing.option());
        assertTrue(missing.getMessage().contains("'interval'"), missing.getMessage());
        FigureOptionException speedup = assertThrows(FigureOptionException.class, () -> Figures.draw(request("speedup", "p90", null)));
        assertTrue(speedup.getMessage().contains("two targets"), speedup.getMessage());
    }

    private static Figures.Request request(String kind, String stat, String x) {
        return new Figures.Request(out, kind, List.of(stat), x, null, null, null, 900, 0, List.of("png"), dir.resolve("bad"), null);
    }

    private static int[] pixels(Path png) throws Exception {
        BufferedImage image = ImageIO.read(png.toFile());
        return image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
    }
}
