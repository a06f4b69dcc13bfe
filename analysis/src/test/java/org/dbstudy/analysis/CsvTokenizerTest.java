package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
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
    /**
     * The eight-bytes-at-a-time scan finds the same records as the rules read one byte at a time
     * ({@link #reference}): random rows of digits, delimiters, quotes, CR, LF and other bytes, with
     * and without a last line end, fed in random chunks so that records cross every refill.
     */
    @Test
    void theWordScanAgreesWithTheRulesOnRandomInput() throws IOException {
        Random random = new Random(27);
        byte[] alphabet = "0123456789,,,,\"\"\n\n\r ;\tab-\u00e9".getBytes(StandardCharsets.UTF_8);
        for (int round = 0; round < 2000; round++) {
            byte delimiter = round % 3 == 0 ? (byte) ';' : round % 3 == 1 ? (byte) '\t' : (byte) ',';
            byte[] input = new byte[random.nextInt(200)];
            for (int i = 0; i < input.length; i++) {
                input[i] = alphabet[random.nextInt(alphabet.length)];
            }
            int chunk = 1 + random.nextInt(round % 2 == 0 ? 9 : 300);
            String text = new String(input, StandardCharsets.ISO_8859_1);
            CsvTokenizer csv = new CsvTokenizer(new ByteArrayInputStream(input) {
                @Override
                public synchronized int read(byte[] b, int off, int len) {
                    return super.read(b, off, Math.min(len, chunk));
                }
            }, delimiter);
            List<String> scanned = new ArrayList<>();
            while (csv.next()) {
                List<String> fields = new ArrayList<>();
                for (int f = 0; f < csv.fieldCount(); f++) {
                    fields.add(csv.string(f));
                }
                scanned.add(csv.recordLine() + ":" + fields);
            }
            if (csv.cutOff()) {
                scanned.add("cut at " + csv.cutOffLine());
            }
            assertEquals(reference(input, delimiter), scanned, "round " + round + ", input " + text.replace("\n", "\\n"));
        }
    }

    /** The tokenizer's rules, one byte at a time, as {@code line:[fields]} and a last "cut at N". */
    private static List<String> reference(byte[] in, byte delimiter) {
        List<String> out = new ArrayList<>();
        int p = 0;
        long line = 1;
        while (p < in.length) {
            long recordLine = line;
            int recordStart = p;
            int recordEnd = p;
            List<String> fields = new ArrayList<>();
            ByteArrayOutputStream field = new ByteArrayOutputStream();
            boolean atFieldStart = true;
            boolean inQuotes = false;
            boolean ended = false;
            boolean unquotedCrLast = false; // a CR before the line end is dropped, unless it is quoted
            while (p < in.length) {
                byte b = in[p++];
                boolean wasCr = unquotedCrLast;
                unquotedCrLast = false;
                if (inQuotes) {
                    if (b == '"') {
                        if (p == in.length) {
                            break;
                        }
                        if (in[p] == '"') {
                            field.write('"');
                            p++;
                        } else {
                            inQuotes = false;
                        }
                    } else {
                        if (b == '\n') {
                            line++;
                        }
                        field.write(b);
                    }
                } else if (b == delimiter) {
                    fields.add(field.toString(StandardCharsets.UTF_8));
                    field.reset();
                    atFieldStart = true;
                    continue;
                } else if (b == '\n') {
                    byte[] bytes = field.toByteArray();
                    int length = wasCr ? bytes.length - 1 : bytes.length;
                    fields.add(new String(bytes, 0, length, StandardCharsets.UTF_8));
                    recordEnd = p - 1 > recordStart && in[p - 2] == '\r' ? p - 2 : p - 1;
                    line++;
                    ended = true;
                    break;
                } else if (b == '"' && atFieldStart) {
                    inQuotes = true;
                } else {
                    field.write(b);
                    unquotedCrLast = b == '\r';
                }
                atFieldStart = false;
            }
            if (!ended) {
                out.add("cut at " + recordLine);
                return out;
            }
            if (fields.size() > 1 || recordEnd > recordStart) { // a blank line is no record; "" is one

                out.add(recordLine + ":" + fields);
            }
        }
        return out;
    }
}
