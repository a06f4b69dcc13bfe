package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.report.files.CsvReports;
import org.dbstudy.analysis.report.files.SummaryColumns;
import org.dbstudy.analysis.statistics.ConfigurationChange;
import org.dbstudy.analysis.statistics.DesignMetric;
import org.dbstudy.analysis.statistics.Effect;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.DesignColumn;
import org.dbstudy.vocabulary.FractionalDesign;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The manifest's design column read back: effects with aliases, one-factor changes, and manifests that contradict themselves. */
class DesignAnalysisTest {
    @TempDir
    Path dir;

    /** Three successful samples with mean {@code mean} and one failed one of 9000 ms, 1 s apart. */
    private void jtl(String base, int mean) throws Exception {
        Files.createDirectories(dir.resolve("results"));
        StringBuilder s = new StringBuilder(JtlReadingTest.HEADER);
        long ts = 1_000_000;
        for (int e : new int[] {mean - 1, mean, mean + 1}) {
            s.append(JtlReadingTest.row(ts, e, "q", "200", "OK", true));
            ts += 1000;
        }
        s.append(JtlReadingTest.row(ts, 9000, "q", "57014 0", "canceling statement", false));
        Files.writeString(dir.resolve("results").resolve(base + ".jtl"), s);
    }

    private StudyResult analyse(String manifest) throws Exception {
        Files.writeString(dir.resolve("manifest.csv"), manifest);
        return Analyzer.analyse(new AnalysisOptions(List.of(dir.resolve("results")),
                Optional.of(dir.resolve("manifest.csv")), dir.resolve("out"), 0, false, 1, Optional.empty()));
    }

    /**
     * The OFAT table shows each change's noise band from the replicates: work_mem's −5 % lies inside
     * the spread of the baseline's own runs (100 and 110 ms), random_page_cost's −50 % does not.
     */
    @Test
    void aChangeInsideTheReplicatesNoiseBandIsSaidToBe() throws Exception {
        String manifest = "cell,replicate,plan,work_mem,random_page_cost,arrival,design\n"
                + "base,1,plans/base.jmx,4MB,4,x," + DesignColumn.baseline() + "\n"
                + "base,2,plans/base-r2.jmx,4MB,4,x," + DesignColumn.baseline() + "\n"
                + "wm,1,plans/wm.jmx,64MB,4,x," + DesignColumn.varied("work_mem") + "\n"
                + "wm,2,plans/wm-r2.jmx,64MB,4,x," + DesignColumn.varied("work_mem") + "\n"
                + "rpc,1,plans/rpc.jmx,4MB,1.1,x," + DesignColumn.varied("random_page_cost") + "\n"
                + "rpc,2,plans/rpc-r2.jmx,4MB,1.1,x," + DesignColumn.varied("random_page_cost") + "\n";
        jtl("base", 100);
        jtl("base-r2", 110);
        jtl("wm", 95);
        jtl("wm-r2", 104);
        jtl("rpc", 52);
        jtl("rpc-r2", 53);
        Files.writeString(dir.resolve("manifest.csv"), manifest);
        Analyzer.run(new AnalysisOptions(List.of(dir.resolve("results")), Optional.of(dir.resolve("manifest.csv")),
                dir.resolve("out"), 0, false, 1, Optional.empty()));
        String page = Files.readString(dir.resolve("out/index.html"));
        int wm = page.indexOf("<td>work_mem=64MB</td>");
        int rpc = page.indexOf("<td>random_page_cost=1.1</td>");
        assertTrue(wm > 0 && rpc > wm, "both rows on the page");
        String wmRow = page.substring(wm, page.indexOf("</tr>", wm));
        String rpcRow = page.substring(rpc, page.indexOf("</tr>", rpc));
        assertTrue(wmRow.contains("within noise"), wmRow);
        assertTrue(rpcRow.contains("[") && !rpcRow.contains("within noise"), rpcRow);
    }

    @Test
    void oneFactorAtATimeCellsAreComparedWithTheBaseline() throws Exception {
        String manifest = "cell,replicate,plan,work_mem,random_page_cost,arrival,design\n"
                + "base,1,plans/base.jmx,4MB,4,x," + DesignColumn.baseline() + "\n"
                + "wm,1,plans/wm.jmx,64MB,4,x," + DesignColumn.varied("work_mem") + "\n"
                + "rpc,1,plans/rpc.jmx,4MB,1.1,x," + DesignColumn.varied("random_page_cost") + "\n"
                + "tuned,1,plans/tuned.jmx,64MB,1.1,x," + DesignColumn.combined("tuned") + "\n"
                + "base,2,plans/base-r2.jmx,4MB,4,x," + DesignColumn.baseline() + "\n";
        jtl("base", 100);
        jtl("base-r2", 100);
        jtl("wm", 80);
        jtl("rpc", 90);
        jtl("tuned", 70);
        StudyResult r = analyse(manifest);
        assertEquals(DesignColumn.ONE_FACTOR_AT_A_TIME, r.design().design().type());
        List<ConfigurationChange> mean = r.design().changes().stream().filter(c -> c.metric() == DesignMetric.MEAN_MS)
                .toList();
        assertEquals(List.of("baseline", "work_mem=64MB", "random_page_cost=1.1", "combined tuned"),
                mean.stream().map(ConfigurationChange::configuration).toList());
        assertEquals(List.of(1.0, 0.8, 0.9, 0.7), mean.stream().map(ConfigurationChange::ratio).toList());
        assertEquals("work_mem=64MB, random_page_cost=1.1", mean.get(3).changed());
        assertEquals(-30.000000000000004, mean.get(3).percent(), 1e-12);

        // As the analysis writes them: with the columns measured beside the results (none here).
        CsvReports.writeAll(r, Files.createDirectories(dir.resolve("out")), SummaryColumns.beside(r.manifest(), r.monitor(), r.cells()));
        CsvTable csv = CsvTable.read(dir.resolve("out/configurations.csv"));
        CsvTable.Row tuned = csv.rows().get(3);
        assertEquals(List.of("mean_ms", "success", "tuned", "combined tuned", "work_mem=64MB, random_page_cost=1.1",
                "70", "100", "0.7"), tuned.fields().subList(0, 8));
        assertEquals(8, csv.rows().size(), "two metrics, four cells");
    }

    @Test
    void aResolutionFourDesignReportsEachTwoFactorAliasChainOnce() throws Exception {
        FractionalDesign d = FractionalDesign.of(4, List.of(FractionalDesign.parseGenerator("D=ABC", 4)));
        StringBuilder manifest = new StringBuilder("cell,replicate,plan,a,b,c,d,design\n");
        int i = 0;
        // Cell values: 10 + 4 at A high + 2 where A and B agree (the AB = CD column).
        double sumAbPlus = 0;
        double sumAbMinus = 0;
        for (int high : d.points()) {
            String cell = "c" + i++;
            manifest.append(cell).append(",1,plans/").append(cell).append(".jmx");
            for (int f = 0; f < 4; f++) {
                manifest.append(',').append((high & 1 << f) != 0 ? "hi" : "lo");
            }
            manifest.append(',').append(DesignColumn.fractional(d, high)).append('\n');
            int ab = FractionalDesign.sign(0b11, high);
            int value = 10 + ((high & 1) != 0 ? 4 : 0) + (ab > 0 ? 2 : 0);
            jtl(cell, value);
            if (ab > 0) {
                sumAbPlus += value;
            } else {
                sumAbMinus += value;
            }
        }
        StudyResult r = analyse(manifest.toString());
        List<Effect> mean = r.design().effects().stream().filter(e -> e.metric() == DesignMetric.MEAN_MS).toList();
        assertEquals(List.of("A", "B", "C", "D", "AB", "AC", "AD"), mean.stream().map(Effect::name).toList());
        assertEquals(List.of("CD"), mean.get(4).aliases().stream().map(FractionalDesign.Term::text).toList());
        assertEquals(List.of("BCD"), mean.get(0).aliases().stream().map(FractionalDesign.Term::text).toList());
        assertEquals(4.0, mean.get(0).effect());
        assertEquals(0.0, mean.get(1).effect());
        assertEquals(sumAbPlus / 4 - sumAbMinus / 4, mean.get(4).effect());
        assertEquals(2.0, mean.get(4).effect());
        assertEquals("a×b", mean.get(4).factors());
        assertEquals("lo", mean.get(0).low());
        assertEquals("hi", mean.get(0).high());
    }

    @Test
    void aLevelThatChangesSignIsAnInputErrorNamingTheLine() throws Exception {
        FractionalDesign d = FractionalDesign.of(3, List.of(FractionalDesign.parseGenerator("C=AB", 3)));
        List<Integer> points = d.points();
        StringBuilder manifest = new StringBuilder("cell,replicate,plan,a,b,c,design\n");
        for (int i = 0; i < points.size(); i++) {
            int high = points.get(i);
            // The second row (line 3) writes a = hi where its sign says A-.
            String a = (high & 1) != 0 || i == 1 ? "hi" : "lo";
            manifest.append("c").append(i).append(",1,plans/c").append(i).append(".jmx,").append(a).append(',')
                    .append((high & 2) != 0 ? "hi" : "lo").append(',').append((high & 4) != 0 ? "hi" : "lo")
                    .append(',').append(DesignColumn.fractional(d, high)).append('\n');
        }
        AnalysisInputException e = assertThrows(AnalysisInputException.class, () -> analyse(manifest.toString()));
        assertTrue(e.getMessage().contains("manifest.csv:3: design: factor A (a) has level 'hi' at sign -"),
                e.getMessage());
    }

    @Test
    void designTextsThatAreNotOnesAreInputErrors() throws Exception {
        AnalysisInputException bad = assertThrows(AnalysisInputException.class, () -> analyse(
                "cell,replicate,plan,a,design\nc1,1,p1.jmx,1,one-factor-at-a-time sideways\n"));
        assertTrue(bad.getMessage().contains("manifest.csv:2: design: 'one-factor-at-a-time sideways' is not a design"
                + " point; valid:"), bad.getMessage());
        AnalysisInputException twoBaselines = assertThrows(AnalysisInputException.class, () -> analyse(
                "cell,replicate,plan,a,design\nc1,1,p1.jmx,1," + DesignColumn.baseline() + "\nc2,1,p2.jmx,2,"
                        + DesignColumn.baseline() + "\n"));
        assertTrue(twoBaselines.getMessage().contains("2 baseline cells"), twoBaselines.getMessage());
        AnalysisInputException mixed = assertThrows(AnalysisInputException.class, () -> analyse(
                "cell,replicate,plan,a,design\nc1,1,p1.jmx,1," + DesignColumn.baseline() + "\nc2,1,p2.jmx,2,\n"));
        assertTrue(mixed.getMessage().contains("manifest.csv:3: design: cell 'c2' belongs to another design than"
                + " cell 'c1'"), mixed.getMessage());
    }

    @Test
    void aFullFactorialManifestHasNoDesignResults() throws Exception {
        jtl("p1", 10);
        StudyResult r = analyse("cell,replicate,plan,a\nc1,1,plans/p1.jmx,1\n");
        assertEquals(DesignColumn.FULL_FACTORIAL, r.design().design().type());
        assertTrue(r.design().effects().isEmpty() && r.design().changes().isEmpty());
    }
}
