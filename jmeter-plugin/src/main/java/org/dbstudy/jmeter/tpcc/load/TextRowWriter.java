package org.dbstudy.jmeter.tpcc.load;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * Rows as tab-separated text, {@code \N} for NULL and backslash escapes for backslash, tab, newline
 * and carriage return: PostgreSQL's COPY text format, which is also MySQL's and MariaDB's default
 * {@code LOAD DATA} format. Encoded straight into a byte buffer (no String per value) and handed to
 * the database {@link #CHUNK} bytes at a time; a chunk may end inside a row.
 */
abstract class TextRowWriter implements RowWriter {
    /** Room for one row beyond a full chunk; a longer row grows the buffer. */
    private static final int ROW_ROOM = 64 * 1024;

    private byte[] buffer = new byte[CHUNK + ROW_ROOM];
    private int at;
    private boolean firstColumn = true;
    private long rows;

    /** Sends {@code length} bytes of {@code bytes}; the buffer is reused when this returns. */
    protected abstract void send(byte[] bytes, int length) throws SQLException;

    /** Starts counting a new table's rows; subclasses call it from {@link #begin}. */
    protected final void reset() {
        at = 0;
        rows = 0;
        firstColumn = true;
    }

    /** Sends what is buffered. */
    protected final void flush() throws SQLException {
        if (at > 0) {
            send(buffer, at);
            at = 0;
        }
    }

    private void ensure(int bytes) {
        if (at + bytes > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, at + bytes));
        }
    }

    private void separate() {
        if (!firstColumn) {
            ensure(1);
            buffer[at++] = '\t';
        }
        firstColumn = false;
    }

    @Override
    public final RowWriter num(long value) {
        separate();
        digits(value);
        return this;
    }

    @Override
    public final RowWriter dec(long units, int scale) {
        separate();
        if (units < 0) {
            ensure(1);
            buffer[at++] = '-';
            units = -units;
        }
        long pow = 1;
        for (int i = 0; i < scale; i++) {
            pow *= 10;
        }
        digits(units / pow);
        if (scale > 0) {
            ensure(scale + 1);
            buffer[at++] = '.';
            long fraction = units % pow;
            for (int i = at + scale - 1; i >= at; i--) {
                buffer[i] = (byte) ('0' + fraction % 10);
                fraction /= 10;
            }
            at += scale;
        }
        return this;
    }

    /** A non-negative number's digits, or any number's through Long.toString. */
    private void digits(long value) {
        if (value < 0) {
            byte[] text = Long.toString(value).getBytes(StandardCharsets.US_ASCII);
            ensure(text.length);
            System.arraycopy(text, 0, buffer, at, text.length);
            at += text.length;
            return;
        }
        int length = 1;
        for (long v = value / 10; v > 0; v /= 10) {
            length++;
        }
        ensure(length);
        for (int i = at + length - 1; i >= at; i--) {
            buffer[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
        at += length;
    }

    @Override
    public final RowWriter str(String value) {
        separate();
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) >= 0x80) {
                escaped(value.getBytes(StandardCharsets.UTF_8));
                return this;
            }
        }
        ensure(2 * value.length());
        for (int i = 0; i < value.length(); i++) {
            put((byte) value.charAt(i));
        }
        return this;
    }

    /** UTF-8 bytes; those of multi-byte characters are all above 0x7F and never need escaping. */
    private void escaped(byte[] bytes) {
        ensure(2 * bytes.length);
        for (byte b : bytes) {
            put(b);
        }
    }

    /** One byte, escaped; the caller has made room for two. */
    private void put(byte b) {
        switch (b) {
            case '\\' -> { buffer[at++] = '\\'; buffer[at++] = '\\'; }
            case '\t' -> { buffer[at++] = '\\'; buffer[at++] = 't'; }
            case '\n' -> { buffer[at++] = '\\'; buffer[at++] = 'n'; }
            case '\r' -> { buffer[at++] = '\\'; buffer[at++] = 'r'; }
            default -> buffer[at++] = b;
        }
    }

    @Override
    public final RowWriter ascii(byte[] bytes, int from, int length) {
        separate();
        ensure(length);
        System.arraycopy(bytes, from, buffer, at, length);
        at += length;
        return this;
    }

    @Override
    public final RowWriter nul() {
        separate();
        ensure(2);
        buffer[at++] = '\\';
        buffer[at++] = 'N';
        return this;
    }

    @Override
    public final void endRow() throws SQLException {
        ensure(1);
        buffer[at++] = '\n';
        firstColumn = true;
        rows++;
        if (at >= CHUNK) {
            flush();
        }
    }

    @Override
    public final long rows() {
        return rows;
    }
}
