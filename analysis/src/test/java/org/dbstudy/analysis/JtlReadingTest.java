package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.JtlColumns;
import org.dbstudy.analysis.reading.JtlFile;
import org.dbstudy.analysis.reading.ReadSummary;

class JtlReadingTest {
    static final String HEADER = JtlColumns.DEFAULT_HEADER + "\n";

    @TempDir
    Path dir;

    record Row(String label, long timeStamp, long elapsed, boolean success, String code, String message,
               String thread, boolean nested) {
    }

    private final List<Row> rows = new ArrayList<>();

    private ReadSummary read(Path file, boolean strict) throws Exception {
        return JtlFile.read(file, strict, s -> rows.add(new Row(s.label, s.timeStamp, s.elapsed, s.success,
                s.responseCode, s.responseMessage, s.threadName, s.nested)));
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    static String row(long ts, long elapsed, String label, String code, String message, boolean ok) {
        return ts + "," + elapsed + "," + label + "," + code + "," + message + ",t 1-1,text," + ok + ",,10,5,1,1,,3,0,1\n";
    }

    @Test
    void quotedFieldsKeepCommasQuotesAndNewlinesAndLineNumbersStayPhysical() throws Exception {
        Path f = write("q.jtl", HEADER
                + row(1000, 12, "\"read, with comma\"", "\"40P01 0\"", "\"deadlock: he said \"\"no\"\"\nsecond line\"", false)
                + row(1010, 7, "read", "200", "OK", true)
                + row(1020, -1, "read", "200", "OK", true));
        ReadSummary s = read(f, false);
        assertEquals(2, rows.size());
        assertEquals("read, with comma", rows.get(0).label());
        assertEquals("deadlock: he said \"no\"\nsecond line", rows.get(0).message());
        assertEquals("40P01 0", rows.get(0).code());
        assertEquals(1, s.badLines());
        // Line 1 header, lines 2-3 the quoted record, 4 the good row, 5 the bad one.
        assertTrue(s.firstBad().startsWith(f + ":5: elapsed: '-1'"), s.firstBad());
    }

    @Test
    void anyColumnOrderAndSubsetIsReadByHeaderName() throws Exception {
        Path f = write("subset.csv", "success,label,elapsed\ntrue,a,5\nfalse,b,7\n");
        ReadSummary s = read(f, true);
        assertEquals(List.of(new Row("a", 0, 5, true, null, null, "", false), new Row("b", 0, 7, false, null, null, "", false)), rows);
        assertEquals(2, s.rows());
    }

    @Test
    void headerlessFileUsesJMetersDefaultOrder() throws Exception {
        read(write("nohead.jtl", row(5, 9, "x", "200", "OK", true) + row(6, 3, "y", "500", "boom", false)), true);
        assertEquals(2, rows.size());
        assertEquals(new Row("y", 6, 3, false, "500", "boom", "t 1-1", false), rows.get(1));
    }

    @Test
    void tabDelimitedFilesAreDetected() throws Exception {
        read(write("tabs.jtl", "timeStamp\telapsed\tlabel\tsuccess\n1\t4\ta,b\ttrue\n"), true);
        assertEquals(List.of(new Row("a,b", 1, 4, true, null, null, "", false)), rows);
    }

    @Test
    void windowsLineEndsAreAccepted() throws Exception {
        read(write("crlf.jtl", "timeStamp,elapsed,label,success\r\n1,4,a,true\r\n"), true);
        assertEquals(List.of(new Row("a", 1, 4, true, null, null, "", false)), rows);
    }

    @Test
    void fileCutOffMidLineIsReadUpToItsLastWholeLine() throws Exception {
        ReadSummary s = read(write("cut.jtl", HEADER + row(1, 2, "a", "200", "OK", true) + "3,4,a,20"), true);
        assertEquals(1, rows.size());
        assertEquals(3, s.cutOffLine());
    }

    @Test
    void gzipFilesAreReadAndATruncatedGzipCountsAsCutOff() throws Exception {
        StringBuilder text = new StringBuilder(HEADER);
        for (int i = 0; i < 20_000; i++) {
            text.append(row(i, i % 97, "a", "200", "OK", true));
        }
        Path gz = dir.resolve("r.jtl.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        ReadSummary whole = read(gz, true);
        assertEquals(20_000, whole.rows());
        assertEquals(0, whole.cutOffLine());

        byte[] bytes = Files.readAllBytes(gz);
        Path cut = Files.write(dir.resolve("cut.jtl.gz"), Arrays.copyOf(bytes, bytes.length / 2));
        rows.clear();
        ReadSummary partial = read(cut, true);
        assertTrue(partial.rows() > 0 && partial.rows() < 20_000, "rows " + partial.rows());
        assertTrue(partial.cutOffLine() > 1);
    }

    @Test
    void xmlSubResultsAreNestedSamples() throws Exception {
        Path f = write("r.xml", """
                <?xml version="1.0" encoding="UTF-8"?>
                <testResults version="1.2">
                <httpSample t="30" ts="1000" s="true" lb="page" rc="200" rm="OK" tn="127.0.0.1:1099-g 1-1">
                  <httpSample t="10" ts="1000" s="true" lb="page-0" rc="200" rm="OK" tn="127.0.0.1:1099-g 1-1"/>
                  <httpSample t="20" ts="1010" s="false" lb="page-1" rc="57014 0" rm="canceling statement" tn="127.0.0.1:1099-g 1-1"/>
                </httpSample>
                <sample t="5" ts="1040" s="false" lb="q" rc="40001 1213" rm="Deadlock found" tn="g 1-2"/>
                </testResults>
                """);
        read(f, true);
        assertEquals(4, rows.size());
        assertFalse(rows.get(0).nested());
        assertTrue(rows.get(1).nested() && rows.get(2).nested());
        assertEquals(new Row("q", 1040, 5, false, "40001 1213", "Deadlock found", "g 1-2", false), rows.get(3));
    }

    @Test
    void xmlCutOffAfterSamplesIsAWarningNotAnError() throws Exception {
        ReadSummary s = read(write("cut.xml", "<testResults>\n<sample t=\"5\" ts=\"1\" lb=\"a\" s=\"true\"/>\n<sample t=\"6\" ts"), true);
        assertEquals(1, rows.size());
        assertTrue(s.cutOffLine() > 0);
    }

    @Test
    void strictModeStopsAtTheFirstBadLineNamingFileLineAndField() throws Exception {
        Path f = write("bad.jtl", HEADER + row(1, 2, "a", "200", "OK", true) + row(2, 0, "a", "200", "OK", true).replace(",0,a", ",abc,a"));
        AnalysisInputException e = assertThrows(AnalysisInputException.class, () -> read(f, true));
        assertEquals(f + ":3: elapsed: 'abc' is not a whole, non-negative number of milliseconds", e.getMessage());
        assertEquals(3, e.line());
    }

    @Test
    void badSuccessAndTimeStampAndFieldCountAreReported() throws Exception {
        Path f = write("bad2.jtl", "timeStamp,elapsed,label,success\nx,1,a,true\n1,1,a,maybe\n1,1,a\n1,1,a,true\n");
        ReadSummary s = read(f, false);
        assertEquals(1, rows.size());
        assertEquals(3, s.badLines());
        assertTrue(s.firstBad().startsWith(f + ":2: timeStamp: 'x'"), s.firstBad());
        AnalysisInputException e = assertThrows(AnalysisInputException.class, () ->
                read(write("bad3.jtl", "timeStamp,elapsed,label,success\n1,1,a,maybe\n"), true));
        assertTrue(e.getMessage().contains(":2: success: 'maybe' is neither true nor false"), e.getMessage());
        e = assertThrows(AnalysisInputException.class, () ->
                read(write("bad4.jtl", "timeStamp,elapsed,label,success\n1,1,a\n"), true));
        assertTrue(e.getMessage().contains(":2: fields: 3 fields where the header has 4"), e.getMessage());
    }

    @Test
    void emptyFileIsAnError() throws Exception {
        Path f = write("empty.jtl", "\n\n");
        AnalysisInputException e = assertThrows(AnalysisInputException.class, () -> read(f, false));
        assertTrue(e.getMessage().startsWith(f + ":1: file: empty"), e.getMessage());
    }

    @Test
    void headerWithoutElapsedOrLabelIsAnErrorNamingTheColumn() throws Exception {
        Path f = write("noelapsed.csv", "timeStamp,label,success\n1,a,true\n");
        AnalysisInputException e = assertThrows(AnalysisInputException.class, () -> read(f, false));
        assertTrue(e.getMessage().startsWith(f + ":1: header: no 'elapsed' column in 'timeStamp,label,success'"), e.getMessage());
        Path g = write("nolabel.csv", "timeStamp,elapsed\n1,2\n");
        e = assertThrows(AnalysisInputException.class, () -> read(g, false));
        assertTrue(e.getMessage().startsWith(g + ":1: header: no 'label' column"), e.getMessage());
    }

    @Test
    void unknownFormatIsAnErrorNotAStackTrace() throws Exception {
        Path f = write("notes.txt", "hello world\nthis is not a JTL\n");
        AnalysisInputException e = assertThrows(AnalysisInputException.class, () -> read(f, false));
        assertTrue(e.getMessage().startsWith(f + ":1: header:"), e.getMessage());
    }

    @Test
    void malformedXmlNamesFileAndLine() throws Exception {
        Path f = write("bad.xml", "<testResults>\n<sample t=\"5\" lb=\"a\">\n</other>\n</testResults>\n");
        AnalysisInputException e = assertThrows(AnalysisInputException.class, () -> read(f, false));
        assertTrue(e.getMessage().startsWith(f + ":3: xml: not well-formed XML"), e.getMessage());
    }
}
