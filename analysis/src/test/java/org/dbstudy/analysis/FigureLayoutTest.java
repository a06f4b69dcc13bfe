package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.report.figures.ChartFile;
import org.dbstudy.analysis.report.figures.ChartSaver;
import org.dbstudy.analysis.report.figures.Charts;

/**
 * Every kind of figure, at a small, the default and a large size, with no text outside the image,
 * none cut by a clip and no two strings (tick labels, titles, legend items) on top of each other,
 * measured from the figure's own drawing ({@link TextBoxes}). The study is S2's shape: users 4 …
 * 1024, two targets, one query's response times 40 times another's, errors at the top.
 */
class FigureLayoutTest {
    static final List<String> TARGETS = List.of("mysql", "mariadb");
    static final List<String> QUERIES = List.of("select-low", "update-high");
    static final List<String> USERS = List.of("4", "8", "16", "32", "64", "128", "256", "512", "1024");
    /** Small, from the panels, large. */
    static final List<int[]> SIZES = List.of(new int[] {480, 360}, new int[] {0, 0}, new int[] {1800, 1100});

    @TempDir
    static Path dir;
    static Path out;

    @BeforeAll
    static void analyseAnS2ShapedStudy() throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        StringBuilder manifest = new StringBuilder("cell,replicate,plan,target,query,users\n");
        for (String target : TARGETS) {
            for (String query : QUERIES) {
                for (String users : USERS) {
                    String name = target + "-" + query + "-" + users;
                    manifest.append(name).append(",1,plans/").append(name).append(".jmx,").append(target).append(',')
                            .append(query).append(',').append(users).append('\n');
                    int u = Integer.parseInt(users);
                    long base = (query.equals("update-high") ? 40L * u : u) + (target.equals("mysql") ? 3 : 1);
                    StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
                    for (int i = 0; i < 60; i++) {
                        boolean ok = u < 512 || i % 4 != 0;
                        jtl.append(JtlReadingTest.row(1_000_000 + i * 250L, base + i % 7, query, ok ? "200" : "HY000 1205",
                                ok ? "OK" : "Lock wait timeout exceeded", ok));
                    }
                    Files.writeString(results.resolve(name + ".jtl"), jtl.toString());
                }
            }
        }
        Files.writeString(dir.resolve("manifest.csv"), manifest.toString());
        out = dir.resolve("report");
        Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")), out, 0, false, 1,
                Optional.empty()));
    }

    @Test
    void everyFigureKindAtThreeSizesHasAllItsTextInsideTheImageAndApart() throws Exception {
        List<String> problems = new ArrayList<>();
        int figures = 0;
        for (int[] size : SIZES) {
            for (String[] kind : new String[][] {{"lines", "mean_ms"}, {"lines", "p90_ms,throughput_per_s,error_pct"},
                {"stress", "p99_ms"}, {"speedup", "p90"}, {"improvement", "mean"}, {"statements", "mean_ms,p90_ms"}}) {
                List<ChartFile> drawn = new ArrayList<>();
                Figures.draw(new Figures.Request(out, kind[0], List.of(kind[1].split(",")), null, null, null, null, size[0],
                        size[1], List.of("png"), dir.resolve("sized"), null), (f, d) -> {
                            drawn.add(f);
                            problems.addAll(check(f, d));
                        });
                assertTrue(!drawn.isEmpty(), kind[0] + " drew nothing");
                figures += drawn.size();
            }
        }
        assertEquals(List.of(), problems, figures + " figures");
    }

    @Test
    void everyFormatDrawsTheWholeFigureAxisTitlesIncluded() throws Exception {
        // A figure is drawn once per format and again here: the y titles taken into the gutters must stay there.
        List<List<String>> texts = new ArrayList<>();
        Figures.draw(new Figures.Request(out, "stress", List.of("mean_ms"), null, null, null, null, 0, 0,
                List.of("png", "svg", "pdf"), dir.resolve("formats"), null), (f, d) -> {
                    for (int i = 0; i < 2; i++) {
                        texts.add(TextBoxes.of(f, d).stream().map(TextBoxes.Box::text).toList());
                    }
                });
        assertEquals(texts.get(0), texts.get(1));
        assertTrue(texts.get(0).contains("mean response time (ms)") && texts.get(0).contains("errors (% of samples)"),
                texts.get(0).toString());
        String svg = Files.readString(dir.resolve("formats").resolve("figure-stress-mean_ms.svg"));
        assertTrue(svg.contains(">mean response time (ms)</text") && svg.contains(">errors (% of samples)</text"),
                "the SVG, written after the PNG, has the axis titles too");
    }

    @Test
    void theReportsOwnFiguresHaveAllTheirTextInsideTheImageAndApart() throws Exception {
        List<String> problems = new ArrayList<>();
        List<ChartFile> drawn = new ArrayList<>();
        Charts.write(Analyzer.analyse(new AnalysisOptions(List.of(dir.resolve("results")), Optional.of(dir.resolve("manifest.csv")),
                out, 0, false, 1, Optional.empty())), out, (f, d) -> {
                    drawn.add(f);
                    problems.addAll(check(f, d));
                });
        assertTrue(drawn.size() >= 8, drawn.toString());
        assertEquals(List.of(), problems, drawn.size() + " figures");
    }

    /** Text outside the image, cut by its clip, or overlapping other text; empty when none. */
    static List<String> check(ChartFile f, ChartSaver.Drawing d) {
        List<String> problems = new ArrayList<>();
        List<TextBoxes.Box> boxes = TextBoxes.of(f, d);
        String where = f.baseName() + " " + f.width() + "x" + f.height() + ": ";
        for (TextBoxes.Box b : boxes) {
            var r = b.bounds();
            if (r.getMinX() < -0.5 || r.getMinY() < -0.5 || r.getMaxX() > f.width() + 0.5 || r.getMaxY() > f.height() + 0.5) {
                problems.add(where + b + " is outside the image");
            } else if (b.clip() != null && (r.getMinX() < b.clip().getMinX() - 0.5 || r.getMaxX() > b.clip().getMaxX() + 0.5
                    || r.getMinY() < b.clip().getMinY() - 0.5 || r.getMaxY() > b.clip().getMaxY() + 0.5)) {
                problems.add(where + b + " is cut by its clip " + b.clip());
            }
        }
        for (int i = 0; i < boxes.size(); i++) {
            for (int j = i + 1; j < boxes.size(); j++) {
                var a = boxes.get(i).bounds();
                var b = boxes.get(j).bounds();
                double w = Math.min(a.getMaxX(), b.getMaxX()) - Math.max(a.getMinX(), b.getMinX());
                double h = Math.min(a.getMaxY(), b.getMaxY()) - Math.max(a.getMinY(), b.getMinY());
                if (w > 1 && h > 1) {
                    problems.add(where + boxes.get(i) + " overlaps " + boxes.get(j));
                }
            }
        }
        return problems;
    }
}
