package org.dbstudy.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The monitor file's bytes, pinned: the analysis and earlier runs' files read exactly these. */
class MonitorCsvBytesTest {
    private static final List<Reading> ROWS = List.of(
            new Reading(1700000000123L, "host", "cpu_user_pct", 12.3456, "pct"),
            new Reading(1700000000123L, "host", "mem_used_bytes", 8.0e12, "bytes"),
            new Reading(1700000000123L, "server", "rss_bytes", 1.0e16, "bytes"),
            new Reading(1700000001123L, "database", "commits", 0, "count"),
            new Reading(1700000001123L, "database", "temp_delta", -3.25, "celsius"),
            new Reading(1700000001123L, "database", "tiny", 0.0004, ""),
            Reading.hostMissing(1700000002123L));

    /** Written by the hand-made writer before it used the vocabulary's CsvWriter. */
    private static final String WRITTEN_BEFORE = """
            timeStamp,source,metric,value,unit
            1700000000123,host,cpu_user_pct,12.346,pct
            1700000000123,host,mem_used_bytes,8000000000000,bytes
            1700000000123,server,rss_bytes,10000000000000000.000,bytes
            1700000001123,database,commits,0,count
            1700000001123,database,temp_delta,-3.250,celsius
            1700000001123,database,tiny,0.000,
            1700000002123,host,missing,1,count
            """;

    @Test
    void aFileIsWrittenByteForByteAsBefore(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sub/m.csv");
        try (MonitorCsv csv = new MonitorCsv(file)) {
            csv.write(ROWS.subList(0, 3));
            csv.write(ROWS.subList(3, ROWS.size()));
        }
        assertEquals(WRITTEN_BEFORE, Files.readString(file, StandardCharsets.UTF_8));
    }

    @Test
    void eachRowIsFlushedWithItsInterval(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("m.csv");
        try (MonitorCsv csv = new MonitorCsv(file)) {
            csv.write(ROWS.subList(0, 1));
            assertEquals(List.of(String.join(",", org.dbstudy.vocabulary.files.MonitorColumns.HEADER),
                    "1700000000123,host,cpu_user_pct,12.346,pct"), Files.readAllLines(file),
                    "an interrupted run keeps what was measured");
        }
    }

    @Test
    void theRemoteFormOfARowReadsBackToTheReading() {
        for (Reading r : List.of(ROWS.get(0), ROWS.get(3), ROWS.get(6))) {
            String line = MonitorCsv.row(r);
            Reading back = MonitorCsv.parse(line);
            assertEquals(MonitorCsv.row(r), MonitorCsv.row(back), line);
        }
        assertEquals(new Reading(1700000001123L, "database", "commits", 0, "count"),
                MonitorCsv.parse("1700000001123,database,commits,0,count"));
    }
}
