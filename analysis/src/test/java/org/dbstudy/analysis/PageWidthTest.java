package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.dbstudy.analysis.reading.AnalysisOptions;

/**
 * The page of a two-factor study fits a 1400 px wide browser window: headless Chromium lays it out, and the
 * document is no wider than the window and no table wider than its box (before, the Cells table was 1543 px
 * wide inside a scrolling box: glued cell ids, intervals and long text kept on one line). Needs Chromium;
 * without it the test is reported as skipped, with the reason.
 */
class PageWidthTest {
    private static final int WIDTH = 1400;

    @Test
    void aTwoFactorStudysPageFitsA1400PixelWindow(@TempDir Path dir) throws Exception {
        Optional<Path> chromium = chromium();
        Assumptions.assumeTrue(chromium.isPresent(), "chromium is not installed: the page's width is not measured");
        Path results = Files.createDirectories(dir.resolve("results"));
        StringBuilder manifest = new StringBuilder("cell,replicate,plan,isolation,users\n");
        for (String isolation : List.of("READ_COMMITTED", "REPEATABLE_READ", "SERIALIZABLE")) {
            for (int users : List.of(4, 8, 16, 32)) {
                String cell = "isolation" + isolation + "-users" + users;
                for (int run = 1; run <= 2; run++) {
                    String plan = cell + "-r" + run;
                    manifest.append(cell).append(',').append(run).append(",plans/").append(plan).append(".jmx,")
                            .append(isolation).append(',').append(users).append('\n');
                    StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
                    for (int i = 0; i < 40; i++) {
                        boolean ok = !isolation.equals("SERIALIZABLE") || i % 9 != 0;
                        jtl.append(JtlReadingTest.row(1_000_000 + run * 100_000L + i * 50L, users + i % 7 + run * 3, "txn",
                                ok ? "200" : "40001 0", ok ? "OK" : "ERROR: could not serialize access due to concurrent update",
                                ok));
                    }
                    Files.writeString(results.resolve(plan + ".jtl"), jtl.toString());
                }
            }
        }
        Files.writeString(dir.resolve("manifest.csv"), manifest.toString());
        Path out = dir.resolve("report");
        Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")), out, 0, false, 1,
                Optional.empty()));
        // The page as written, with a script that writes what the layout measured into its title.
        String page = Files.readString(out.resolve("index.html")).replace("</body>", "<script>window.addEventListener('load',"
                + "function(){var wide=[];document.querySelectorAll('table').forEach(function(t){"
                + "if(t.getBoundingClientRect().width>t.parentNode.clientWidth+1)wide.push(t.tHead.rows[0].cells[0].textContent"
                + "+':'+Math.round(t.getBoundingClientRect().width));});"
                + "document.title='width='+document.documentElement.scrollWidth+' tables='+document.querySelectorAll('table').length"
                + "+' wide='+wide.join(',')+';';});</script></body>");
        Path measured = Files.writeString(out.resolve("measured.html"), page);
        String title = layout(chromium.get(), measured, dir.resolve("profile"));
        Matcher m = Pattern.compile("width=(\\d+) tables=(\\d+) wide=([^;]*);").matcher(title);
        assertTrue(m.find(), title);
        assertTrue(Integer.parseInt(m.group(1)) <= WIDTH, "document.scrollWidth " + m.group(1) + " > " + WIDTH);
        assertTrue(Integer.parseInt(m.group(2)) >= 4, "the page has its tables: " + title);
        assertEquals("", m.group(3), "tables wider than their box (first header: width)");
    }

    private static Optional<Path> chromium() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }

    /** The page's title after Chromium has laid the page out at {@link #WIDTH} px and run its scripts. */
    private static String layout(Path chromium, Path page, Path profile) throws Exception {
        List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--no-first-run", "--user-data-dir=" + profile,
                "--window-size=" + WIDTH + ",900", "--virtual-time-budget=5000", "--dump-dom", page.toUri().toString()));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String dom = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(5, TimeUnit.MINUTES), "chromium did not end");
            Matcher m = Pattern.compile("<title>([^<]*)</title>").matcher(dom);
            assertTrue(m.find(), "no title in chromium's DOM: " + dom.substring(0, Math.min(500, dom.length())));
            return m.group(1);
        } finally {
            p.destroyForcibly();
        }
    }
}
