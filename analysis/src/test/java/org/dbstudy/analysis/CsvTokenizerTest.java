package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.dbstudy.analysis.reading.CsvTokenizer;

class CsvTokenizerTest {

    /** Hands out at most {@code chunk} bytes per read, to move record ends across refills. */
    private static InputStream trickle(String text, int chunk) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, chunk));
            }
        };
    }

    @Test
    void recordsSplitAcrossReadsAreReassembled() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 500; i++) {
            text.append(i).append(",\"a \"\"q\"\",\nb\",").append(i * 7).append('\n');
        }
        for (int chunk : new int[] {1, 2, 3, 7, 64}) {
            CsvTokenizer csv = new CsvTokenizer(trickle(text.toString(), chunk), (byte) ',');
            for (int i = 0; i < 500; i++) {
                assertTrue(csv.next(), "record " + i + " chunk " + chunk);
                assertEquals(i, csv.longField(0));
                assertEquals("a \"q\",\nb", csv.string(1));
                assertEquals(i * 7L, csv.longField(2));
                assertEquals(1 + 2L * i, csv.recordLine());
            }
            assertFalse(csv.next());
            assertFalse(csv.cutOff());
        }
    }

    @Test
    void aRecordLargerThanTheBufferGrowsIt() throws IOException {
        String big = "x".repeat(3 << 20);
        CsvTokenizer csv = new CsvTokenizer(trickle("1," + big + ",2\n3,y,4\n", 1 << 16), (byte) ',');
        assertTrue(csv.next());
        assertEquals(big, csv.string(1));
        assertTrue(csv.next());
        assertEquals(4, csv.longField(2));
    }

    @Test
    void quotedNumbersAndBlankLinesAreRead() throws IOException {
        CsvTokenizer csv = new CsvTokenizer(trickle("\n\"12\",\"TRUE\"\n\n", 5), (byte) ',');
        assertTrue(csv.next());
        assertEquals(2, csv.recordLine());
        assertEquals(12, csv.longField(0));
        assertTrue(csv.fieldEqualsIgnoreCase(1, "true"));
        assertFalse(csv.next());
        assertFalse(csv.cutOff());
    }

    @Test
    void anUnclosedQuoteAtTheEndIsACutOff() throws IOException {
        CsvTokenizer csv = new CsvTokenizer(trickle("1,2\n3,\"open\nstill open", 4), (byte) ',');
        assertTrue(csv.next());
        assertFalse(csv.next());
        assertTrue(csv.cutOff());
        assertEquals(2, csv.cutOffLine());
    }

    @Test
    void endlessInputWithoutLineEndsStopsAtTheRecordLimit() {
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                return 'x';
            }

            @Override
            public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) 'x');
                return len;
            }
        };
        CsvTokenizer csv = new CsvTokenizer(endless, (byte) ',');
        CsvTokenizer.RecordTooLong e = assertThrows(CsvTokenizer.RecordTooLong.class, csv::next);
        assertTrue(e.inputError(java.nio.file.Path.of("f.jtl")).getMessage().startsWith("f.jtl:1: line: longer than 64 MB"));
    }

    @Test
    void notANumberIsFlagged() throws IOException {
        CsvTokenizer csv = new CsvTokenizer(trickle("12a,,-5,9999999999999999999\n", 100), (byte) ',');
        assertTrue(csv.next());
        assertEquals(CsvTokenizer.NOT_A_NUMBER, csv.longField(0));
        assertEquals(CsvTokenizer.NOT_A_NUMBER, csv.longField(1));
        assertEquals(-5, csv.longField(2));
        assertEquals(CsvTokenizer.NOT_A_NUMBER, csv.longField(3));
    }
}
