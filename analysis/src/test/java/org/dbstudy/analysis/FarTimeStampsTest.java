package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.statistics.StudyResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run's clock ({@code RunClock}, issue 46 item 8) in a short file, where every sample is held back until
 * the file ends: a far-off first row is named and left out, a setUp sample that started hours before but
 * ended next to the workload is kept, and the over-time series stays the run's length.
 */
class FarTimeStampsTest {
    private static final long T = 1_700_000_000_000L;

    @TempDir
    Path dir;

    private StudyResult analyse(String jtl, boolean strict) throws Exception {
        Path file = Files.writeString(dir.resolve("run.jtl"), JtlReadingTest.HEADER + jtl);
        return Analyzer.analyse(new AnalysisOptions(List.of(file), Optional.empty(), dir.resolve("out"), 0, strict, 1,
                Optional.empty()));
    }

    private static String tenSeconds() {
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < 10; i++) {
            rows.append(JtlReadingTest.row(T + i * 1000L, 20, "q", "200", "OK", true));
        }
        return rows.toString();
    }

    @Test
    void aFirstRowFrom1970IsNamedAndLeftOut() throws Exception {
        StudyResult r = analyse(JtlReadingTest.row(1000, 20, "q", "200", "OK", true) + tenSeconds(), false);
        CellResult q = r.cells().get(0);
        assertEquals(10, q.stats().samples());
        assertEquals(10 / 9.02, q.stats().throughputPerSecond(), 1e-9);
        assertEquals(10, q.accumulator().series().length());
        assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith(dir.resolve("run.jtl") + ":2: timeStamp 1000"
                + " (1970-01-01T00:00:01Z) is 54 years before the file's other samples; left out")), r.warnings().toString());
    }

    @Test
    void aSetUpThatStartedHoursEarlierButEndedWithTheWorkloadIsKept() throws Exception {
        long load = 3 * 3_600_000L;
        StudyResult r = analyse(JtlReadingTest.row(T - load, load, "setUp load", "200", "OK", true) + tenSeconds(), false);
        assertTrue(r.warnings().stream().noneMatch(w -> w.contains("left out")), r.warnings().toString());
        assertEquals(1, r.labels().stream().filter(l -> l.label().equals("setUp load")).count());
    }

    @Test
    void strictRefusesAFarRowNamingItsLine() throws Exception {
        AnalysisInputException e = assertThrows(AnalysisInputException.class,
                () -> analyse(tenSeconds() + JtlReadingTest.row(4_102_444_800_000L, 20, "q", "200", "OK", true), true));
        assertTrue(e.getMessage().startsWith(dir.resolve("run.jtl") + ":12: timeStamp: 4102444800000"), e.getMessage());
    }
}
