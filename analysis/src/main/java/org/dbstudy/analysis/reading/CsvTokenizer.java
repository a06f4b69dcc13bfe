package org.dbstudy.analysis.reading;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits RFC 4180 CSV into records at the byte level: quoted fields may hold the delimiter,
 * doubled quotes and newlines. Fields are offsets into the read buffer itself, so a row is
 * neither copied nor turned into strings; numbers are parsed from the bytes, and quoted fields
 * are unescaped only when asked for. A last record without its newline is not returned: the
 * input was cut off there ({@link #cutOff()}), as when a run is killed mid-write.
 */
public final class CsvTokenizer {
    /** Returned by {@link #longField} for a field that is not a whole number. */
    public static final long NOT_A_NUMBER = Long.MIN_VALUE;

    /** A record may not exceed this: a file without line ends is not CSV, and must not fill the heap. */
    public static final int MAX_RECORD_BYTES = 64 << 20;

    private static final int RECORD = 0;
    private static final int END = 1;
    private static final int CUT = 2;

    private final InputStream in;
    private final byte delimiter;
    /** The delimiter in each of a long's eight bytes. */
    private final long delimiterBytes;
    private byte[] buf = new byte[1 << 20];
    /** Start of the unread input (the current record while scanning) and end of the buffered bytes. */
    private int pos;
    private int limit;
    private boolean endOfInput;

    private int[] starts = new int[32];
    private int[] ends = new int[32];
    private boolean[] quoted = new boolean[32];
    private int fields;
    private byte[] scratch = new byte[256];

    private long line = 1;
    private long recordLine;
    private boolean cutOff;

    public CsvTokenizer(InputStream in, byte delimiter) {
        this.in = in;
        this.delimiter = delimiter;
        this.delimiterBytes = ONES * (delimiter & 0xff);
    }

    /** Reads the next non-blank record; false at the end of the input (or where it was cut off). */
    public boolean next() throws IOException {
        while (true) {
            recordLine = line;
            int result = scan();
            if (result != RECORD) {
                cutOff = result == CUT;
                return false;
            }
            if (fields > 1 || ends[0] > starts[0]) {
                return true;
            }
        }
    }

    /**
     * Finds the fields of the record at {@code pos}. When the record runs past the buffered bytes,
     * more are read (moving the record to the front) and the record is scanned again from its
     * start: that costs one record per buffer refill and keeps the scan loop simple.
     *
     * <p>A field that does not start with a quote ends at the next delimiter or line end, whatever
     * it holds; those two bytes are looked for eight at a time ({@link #nextBreak}): a JTL row of 17
     * fields took 110-150 ns instead of 125-200 ns.
     */
    private int scan() throws IOException {
        restart:
        while (true) {
            final byte[] b = buf;
            final int lim = limit;
            int p = pos;
            int newlines = 0;
            fields = 0;
            while (true) {
                int fieldStart = p;
                boolean quotedField = false;
                if (p == lim) {
                    if (more()) {
                        continue restart;
                    }
                    boolean pending = limit > pos; // more() has moved the unread bytes to [pos, limit)
                    pos = limit;
                    return pending ? CUT : END;
                }
                if (b[p] == '"') {
                    quotedField = true;
                    p++;
                    while (true) { // to the closing quote; a doubled quote is one quote of the content
                        if (p == lim) {
                            if (more()) {
                                continue restart;
                            }
                            pos = limit;
                            return CUT;
                        }
                        byte c = b[p++];
                        if (c == '"') {
                            if (p == lim) {
                                if (more()) {
                                    continue restart;
                                }
                                pos = limit;
                                return CUT;
                            }
                            if (b[p] != '"') {
                                break;
                            }
                            p++;
                        } else if (c == '\n') {
                            newlines++;
                        }
                    }
                }
                p = nextBreak(b, p, lim);
                if (p == lim) {
                    if (more()) {
                        continue restart;
                    }
                    pos = limit;
                    return CUT;
                }
                if (b[p++] == delimiter) {
                    addField(fieldStart, p - 1, quotedField);
                    continue;
                }
                int end = p - 1;
                if (end > fieldStart && b[end - 1] == '\r') {
                    end--;
                }
                addField(fieldStart, end, quotedField);
                line += newlines + 1;
                pos = p;
                return RECORD;
            }
        }
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;
    private static final long NEWLINES = ONES * '\n';

    /** Where the first delimiter or line end at or after {@code p} is; {@code lim} when there is none. */
    private int nextBreak(byte[] b, int p, int lim) {
        long delimiters = delimiterBytes;
        while (p + Long.BYTES <= lim) {
            long word = (long) LONGS.get(b, p);
            long hits = zeroBytes(word ^ delimiters) | zeroBytes(word ^ NEWLINES);
            if (hits != 0) {
                return p + (Long.numberOfTrailingZeros(hits) >>> 3);
            }
            p += Long.BYTES;
        }
        while (p < lim && b[p] != delimiter && b[p] != '\n') {
            p++;
        }
        return p;
    }

    /**
     * The high bit of each zero byte of {@code x} (little-endian: the first byte is the lowest). Bytes
     * above a zero byte may be marked too, by the borrow, but never one below the first: the lowest
     * mark is exact, which is all {@link #nextBreak} uses.
     */
    private static long zeroBytes(long x) {
        return (x - ONES) & ~x & HIGHS;
    }

    /** Moves the unread bytes to the front (growing the buffer for a huge record) and reads more. */
    private boolean more() throws IOException {
        if (endOfInput) {
            return false;
        }
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, limit - pos);
            limit -= pos;
            pos = 0;
        } else if (limit == buf.length) {
            if (buf.length >= MAX_RECORD_BYTES) {
                throw new RecordTooLong(recordLine);
            }
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        int n = in.read(buf, limit, buf.length - limit);
        if (n < 0) {
            endOfInput = true;
            return false;
        }
        limit += n;
        return true;
    }

    /** Thrown by {@link #next()} when a record exceeds {@link #MAX_RECORD_BYTES}. */
    public static final class RecordTooLong extends IOException {
        private static final long serialVersionUID = 1L;
        final long line;

        public RecordTooLong(long line) {
            super("record at line " + line + " exceeds " + (MAX_RECORD_BYTES >> 20) + " MB");
            this.line = line;
        }

        public AnalysisInputException inputError(java.nio.file.Path file) {
            return new AnalysisInputException(file, line, "line", "longer than " + (MAX_RECORD_BYTES >> 20)
                    + " MB without a line end (or an unclosed quote); this is not a CSV JTL");
        }
    }

    private void addField(int start, int end, boolean isQuoted) {
        if (fields == starts.length) {
            starts = Arrays.copyOf(starts, fields * 2);
            ends = Arrays.copyOf(ends, fields * 2);
            quoted = Arrays.copyOf(quoted, fields * 2);
        }
        starts[fields] = start;
        ends[fields] = end;
        quoted[fields++] = isQuoted;
    }

    public int fieldCount() {
        return fields;
    }

    /** Physical line (1-based) where the current record starts. */
    public long recordLine() {
        return recordLine;
    }

    /** True once the input ended inside a record. */
    public boolean cutOff() {
        return cutOff;
    }

    /** The line where the incomplete record started (valid when {@link #cutOff()}). */
    public long cutOffLine() {
        return recordLine;
    }

    public String string(int field) {
        if (quoted[field]) {
            int length = unescape(field);
            return new String(scratch, 0, length, StandardCharsets.UTF_8);
        }
        return new String(buf, starts[field], ends[field] - starts[field], StandardCharsets.UTF_8);
    }

    public String string(int field, ByteStringCache cache) {
        if (quoted[field]) {
            return cache.get(scratch, 0, unescape(field));
        }
        return cache.get(buf, starts[field], ends[field] - starts[field]);
    }

    /** The field as a whole number, or {@link #NOT_A_NUMBER}. */
    public long longField(int field) {
        if (quoted[field]) {
            return parseLong(scratch, 0, unescape(field));
        }
        return parseLong(buf, starts[field], ends[field]);
    }

    private static long parseLong(byte[] bytes, int from, int end) {
        int i = from;
        boolean negative = i < end && bytes[i] == '-';
        if (negative) {
            i++;
        }
        if (i == end || end - i > 18) {
            return NOT_A_NUMBER;
        }
        long value = 0;
        for (; i < end; i++) {
            int digit = bytes[i] - '0';
            if (digit < 0 || digit > 9) {
                return NOT_A_NUMBER;
            }
            value = value * 10 + digit;
        }
        return negative ? -value : value;
    }

    /** Whether the field equals {@code ascii}, ignoring ASCII case. */
    public boolean fieldEqualsIgnoreCase(int field, String ascii) {
        byte[] bytes = buf;
        int start = starts[field];
        int length = ends[field] - start;
        if (quoted[field]) {
            bytes = scratch;
            start = 0;
            length = unescape(field);
        }
        if (length != ascii.length()) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (Character.toLowerCase((char) bytes[start + i]) != Character.toLowerCase(ascii.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Where {@code key} first occurs in the field at its start or after a space or '[', as an offset into
     * {@link #fieldBytes}; -1 when it does not. Scans bytes, so a row's message need not become a String.
     */
    private int indexOf(int field, byte[] key) {
        byte[] bytes = fieldBytes(field);
        int start = fieldStart(field);
        int end = start + fieldLength;
        outer:
        for (int i = start; i + key.length <= end; i++) {
            if (i > start && bytes[i - 1] != ' ' && bytes[i - 1] != '[') {
                continue;
            }
            for (int k = 0; k < key.length; k++) {
                if (bytes[i + k] != key[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private int fieldLength;

    /** The bytes holding the field (the buffer, or the scratch copy of a quoted field); sets {@link #fieldLength}. */
    private byte[] fieldBytes(int field) {
        if (quoted[field]) {
            fieldLength = unescape(field);
            return scratch;
        }
        fieldLength = ends[field] - starts[field];
        return buf;
    }

    private int fieldStart(int field) {
        return quoted[field] ? 0 : starts[field];
    }

    /** The whole number right after {@code key=} (e.g. {@code tries=} in a response message); -1 when absent. */
    public long numberAfter(int field, byte[] key) {
        int at = indexOf(field, key);
        if (at < 0) {
            return -1;
        }
        byte[] bytes = quoted[field] ? scratch : buf;
        int end = fieldStart(field) + fieldLength;
        int from = at + key.length;
        int to = from;
        while (to < end && bytes[to] >= '0' && bytes[to] <= '9') {
            to++;
        }
        long n = parseLong(bytes, from, to);
        return n == NOT_A_NUMBER ? -1 : n;
    }

    /** Whether {@code key} occurs in the field at its start or after a space or '['. */
    public boolean fieldHas(int field, byte[] key) {
        return indexOf(field, key) >= 0;
    }

    /** Whether the field starts with {@code prefix}. */
    public boolean fieldStartsWith(int field, byte[] prefix) {
        byte[] bytes = fieldBytes(field);
        int start = fieldStart(field);
        if (fieldLength < prefix.length) {
            return false;
        }
        for (int k = 0; k < prefix.length; k++) {
            if (bytes[start + k] != prefix[k]) {
                return false;
            }
        }
        return true;
    }

    /** Copies a quoted field's content to {@link #scratch} without its quotes; returns its length. */
    private int unescape(int field) {
        int end = ends[field];
        if (scratch.length < end - starts[field]) {
            scratch = new byte[Math.max(2 * scratch.length, end - starts[field])];
        }
        int n = 0;
        boolean inQuotes = true;
        for (int i = starts[field] + 1; i < end; i++) {
            byte b = buf[i];
            if (b == '"' && inQuotes) {
                if (i + 1 < end && buf[i + 1] == '"') {
                    scratch[n++] = '"';
                    i++;
                } else {
                    inQuotes = false;
                }
            } else {
                scratch[n++] = b;
            }
        }
        return n;
    }
}
