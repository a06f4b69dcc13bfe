package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.vocabulary.files.CellStopFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run of a cell that ended on precision has its own warm-up cut in {@code cell-stops.csv}: the analysis leaves
 * exactly that run's samples before it out, as it leaves a fixed warm-up out, and the page lists the cell's length.
 */
class DetectedWarmupTest {
    @TempDir
    Path dir;

    @Test
    void eachRunLosesItsOwnDetectedWarmupAndNoOtherSamples() throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        StringBuilder manifest = new StringBuilder("cell,replicate,plan,users,arrival\n");
        for (int rep = 1; rep <= 2; rep++) {
            String plan = "c1-r" + rep;
            manifest.append("c1,").append(rep).append(",plans/").append(plan).append(".jmx,4,x\n");
            StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
            long ts = 1_000_000 + rep * 100_000L;
            // Every 500 ms; both runs slow (1000 ms) for their first 10 samples, 100 ms after.
            for (int i = 0; i < 40; i++) {
                jtl.append(JtlReadingTest.row(ts, i < 10 ? 1000 : 100, "q", "200", "OK", true));
                ts += 500;
            }
            Files.writeString(results.resolve(plan + ".jtl"), jtl);
        }
        Files.writeString(dir.resolve("manifest.csv"), manifest);
        AnalysisOptions options = new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")),
                dir.resolve("out"), 0, false, 1, Optional.empty());
        StudyResult without = Analyzer.analyse(options);
        assertEquals(0, without.warmupExcluded());
        assertEquals((20 * 1000 + 60 * 100) / 80.0, without.cells().get(0).stats().mean(), 1e-9);

        // Only replicate 1 detected its warm-up (5 s: its first 10 samples); replicate 2 keeps all 40.
        CellStopFile.put(dir.resolve(CellStopFile.FILE_NAME), List.of(
                new CellStopFile.Row("c1", 1, CellStopFile.PRECISION, 20, 5.0, "mean_latency", 5, 3.2),
                new CellStopFile.Row("c1", 1, CellStopFile.PRECISION, 20, 0.5, "throughput", 5, 4.0),
                new CellStopFile.Row("c1", 2, CellStopFile.MAX_DURATION, 20, 0, "mean_latency", 5, Double.NaN)));
        StudyResult with = Analyzer.analyse(options);
        assertEquals(10, with.warmupExcluded(), "the longest of run 1's cuts, nothing of run 2");
        assertEquals((10 * 1000 + 60 * 100) / 70.0, with.cells().get(0).stats().mean(), 1e-9);
        assertEquals(3, with.stops().size());

        Analyzer.run(options);
        String page = Files.readString(dir.resolve("out/index.html"));
        assertTrue(page.contains("Cell lengths") && page.contains("max duration reached, no trusted interval")
                && page.contains("±3.2 %"), "the page lists each run's length, cut and precision");
    }
}
