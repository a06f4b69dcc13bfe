package org.dbstudy.analysis.report.validity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.dbstudy.analysis.reading.CsvFiles;
import org.dbstudy.analysis.reading.GcLog;
import org.dbstudy.vocabulary.files.CsvTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.dbstudy.analysis.report.files.ClientSummary;

/** The client's threats: JMeter's CPU and its GC pauses, read and judged. */
class ClientThreatsTest {

    @Test
    void pausesAreTheStopTheWorldLinesOfTheGcLog(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("read-users5.gc.log");
        Files.writeString(log, String.join("\n",
                "[0.006s][info][gc] Using G1",
                "[0.900s][info][gc] GC(0) Pause Full (System.gc()) 87M->16M(1024M) 489.233ms",
                "[1.234s][info][gc] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 25M->3M(256M) 4.567ms",
                "[2.500s][info][gc] GC(4) Pause Young (Concurrent Start) (G1 Humongous Allocation) 90M->80M(256M) 12.000ms",
                "[2.900s][info][gc] GC(5) Concurrent Mark Cycle 310.100ms",
                "[3.000s][info][gc] GC(5) Pause Remark 81M->81M(256M) 1.433ms",
                "[9.000s][info][gc] GC(6) Pause Full (G1 Compaction Pause) 81M->20M(256M) 150.250ms",
                "[12.000s][info][gc] GC(7) Pause Young (Normal) (G1 Evacuation Pause) 60M->22M(256M) 3.750ms",
                ""), StandardCharsets.UTF_8);
        GcLog.Pauses p = GcLog.read(log);
        assertEquals(5, p.count(), "JMeter's own System.gc() before its threads start, and the concurrent cycle, are not counted");
        assertEquals(150.25, p.maxMs(), 1e-9);
        assertEquals(4.567 + 12 + 1.433 + 150.25 + 3.75, p.totalMs(), 1e-9);
        assertEquals(12.0, p.spanSeconds(), 1e-9);
    }

    @Test
    void aSaturatedClientAndLongPausesThreatenTheCell(@TempDir Path dir) throws Exception {
        CsvTable t = summary(dir, "c,85.5,20,300,0.5\n"      // CPU-bound client, pauses fine
                + "d,40,250,600,1.2\n"                          // one pause too long
                + "e,40,50,9000,6.0\n"                          // many short pauses: too large a share
                + "f,79.9,100,4000,5.0\n"                       // just inside every bound
                + "g,,,,\n");                                   // not recorded: no verdict from nothing
        List<String> c = threats(t, 0);
        assertEquals(List.of("client CPU saturated (JMeter used 85.5 % of the machine's cores)"), c);
        assertEquals(1, threats(t, 1).size());
        assertTrue(threats(t, 1).get(0).startsWith("long client GC pauses (longest 250 ms"), threats(t, 1).toString());
        assertTrue(threats(t, 2).get(0).contains("6 % of JMeter's run"), threats(t, 2).toString());
        assertEquals(List.of(), threats(t, 3));
        assertEquals(List.of(), threats(t, 4));
    }

    /** The threats of the summary's row {@code i} as the analysis judges them: by column, "" for one it lacks. */
    private static List<String> threats(CsvTable t, int i) {
        CsvTable.Row row = t.rows().get(i);
        return Validity.of(row.get("cell"), column -> t.header().contains(column) ? row.get(column) : "").threats();
    }

    private static CsvTable summary(Path dir, String rows) throws Exception {
        Path file = dir.resolve("summary.csv");
        Files.writeString(file, "cell," + String.join(",", ClientSummary.COLUMNS) + "\n" + rows, StandardCharsets.UTF_8);
        return CsvFiles.read(file, "cell");
    }
}
