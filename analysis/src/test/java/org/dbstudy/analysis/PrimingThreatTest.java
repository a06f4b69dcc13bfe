package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.report.validity.Validity;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.SampleLabels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A setUp that ran over: users connected and primed for 5 s after a 1 s setUp before a 10 s window
 * (a third of the cell, above the 25 % bound), against 1 s in a cell beside it (9 %).
 */
class PrimingThreatTest {
    @TempDir
    Path dir;

    private static String run(long primingMillis) {
        StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
        long setUp = 1_000_000;
        jtl.append(JtlReadingTest.row(setUp, 1_000, SampleLabels.setUp("schema"), "200", "OK", true));
        long start = setUp + 1_000 + primingMillis;
        for (int i = 0; i < 100; i++) {
            jtl.append(JtlReadingTest.row(start + i * 100L, 10, "q", "200", "OK", true));
        }
        return jtl.toString();
    }

    @Test
    void primingLongerThanAQuarterOfTheCellIsAThreat() throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan,users\nslow,1,plans/slow.jmx,1\n"
                + "quick,1,plans/quick.jmx,1\n");
        Files.writeString(results.resolve("slow.jtl"), run(5_000));
        Files.writeString(results.resolve("quick.jtl"), run(1_000));
        Path out = dir.resolve("report");
        Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")), out, 0, false, 1,
                Optional.empty()));
        CsvTable summary = CsvTable.read(out.resolve("summary.csv"), "cell");
        CsvTable.Row slow = summary.rows().stream().filter(r -> r.get("cell").equals("slow")).findFirst().orElseThrow();
        CsvTable.Row quick = summary.rows().stream().filter(r -> r.get("cell").equals("quick")).findFirst().orElseThrow();
        assertEquals("5", slow.get("priming_s"));
        assertEquals(5.0 / (5 + 9.91), Double.parseDouble(slow.get("priming_share")), 1e-9);
        assertTrue(slow.get("validity_threats").contains("setUp ran over: connecting and priming took 5 s after the"
                + " setUp, 34 % of the cell (bound 25 %)"), slow.get("validity_threats"));
        assertEquals("1", quick.get("priming_s"));
        assertEquals("not assessed", quick.get("validity"), "no threat found, but no monitor data either");
        assertEquals(Validity.NO_MONITOR, quick.get("validity_threats"));
    }
}
