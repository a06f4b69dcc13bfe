package org.dbstudy.jmeter.tpcc.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The loader's row encoding without a database: the text format PostgreSQL's COPY and MySQL's LOAD DATA
 * read, the chunks it is sent in, and the pipe that hands chunks to a LOAD DATA statement.
 */
class RowEncodingTest {

    /** A writer that keeps what it sends and the size of each chunk. */
    private static final class Captured extends TextRowWriter {
        final ByteArrayOutputStream sent = new ByteArrayOutputStream();
        int chunks;
        boolean everyChunkEndsARow = true;

        @Override
        public void begin(TpccSchema.Table table) {
            reset();
        }

        @Override
        protected void send(byte[] bytes, int length) {
            sent.write(bytes, 0, length);
            chunks++;
            everyChunkEndsARow &= bytes[length - 1] == '\n';
        }

        @Override
        public void end() throws java.sql.SQLException {
            flush();
        }

        @Override
        public void close() {
        }

        String text() {
            return sent.toString(StandardCharsets.UTF_8);
        }
    }

    @Test
    void valuesAreTabSeparatedWithBackslashEscapesAndNullAsBackslashN() throws Exception {
        Captured out = new Captured();
        out.begin(TpccSchema.HISTORY);
        byte[] pool = "xxABCxx".getBytes(StandardCharsets.US_ASCII);
        out.num(0).num(-42).num(Long.MAX_VALUE).dec(1234, 2).dec(-5, 2).dec(7, 4).dec(300_000, 0).nul().endRow();
        out.str("a\\b\tc\nd\re").str("Zürich").ascii(pool, 2, 3).str("").endRow();
        out.end();
        assertEquals("0\t-42\t9223372036854775807\t12.34\t-0.05\t0.0007\t300000\t\\N\n"
                + "a\\\\b\\tc\\nd\\re\tZürich\tABC\t\n", out.text());
        assertEquals(2, out.rows());
    }

    @Test
    void chunksOfAboutOneMegabyteEndWithARowAndLongRowsGrowTheBuffer() throws Exception {
        Captured out = new Captured();
        out.begin(TpccSchema.CUSTOMER);
        byte[] row = new byte[1000];
        Arrays.fill(row, (byte) 'a');
        for (int i = 0; i < 3000; i++) {
            out.num(i).ascii(row, 0, row.length).endRow();
        }
        assertTrue(out.chunks >= 2, "a chunk goes out once a row passes " + RowWriter.CHUNK + " bytes");
        assertTrue(out.everyChunkEndsARow);
        String big = "b".repeat(200_000);
        out.str(big).endRow();
        out.end();
        String[] lines = out.text().split("\n");
        assertEquals(3001, lines.length);
        assertEquals(big, lines[3000]);
    }

    @Test
    void thePipeHandsChunksOverInOrderAndEndsOrFailsAsTold() throws Exception {
        LoadDataWriter.Pipe pipe = new LoadDataWriter.Pipe();
        byte[] reused = "first;".getBytes(StandardCharsets.US_ASCII);
        assertTrue(pipe.put(reused, reused.length));
        Arrays.fill(reused, (byte) '?'); // the pipe copied the chunk: the writer may refill its buffer
        byte[] second = "second".getBytes(StandardCharsets.US_ASCII);
        assertTrue(pipe.put(second, second.length));
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        Thread reader = new Thread(() -> {
            try {
                read.write(pipe.readAllBytes());
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
        reader.start();
        pipe.finish();
        reader.join(10_000);
        assertArrayEquals("first;second".getBytes(StandardCharsets.US_ASCII), read.toByteArray());

        LoadDataWriter.Pipe abandoned = new LoadDataWriter.Pipe();
        assertTrue(abandoned.put(second, second.length));
        abandoned.abort();
        IOException e = assertThrows(IOException.class, abandoned::readAllBytes);
        assertEquals("the load was abandoned", e.getMessage());
    }
}
