package org.dbstudy.analysis;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits RFC 4180 CSV into records at the byte level: quoted fields may hold the delimiter,
 * doubled quotes and newlines. Fields are slices of one reused record buffer, so reading a row
 * allocates nothing; numbers are parsed from the bytes. A last record without its newline is not
 * returned: the input was cut off there ({@link #cutOff()}), as when a run is killed mid-write.
 */
final class CsvTokenizer {
    /** Returned by {@link #longField} for a field that is not a whole number. */
    static final long NOT_A_NUMBER = Long.MIN_VALUE;

    private final InputStream in;
    private final byte delimiter;
    private final byte[] buf = new byte[1 << 20];
    private int pos;
    private int limit;
    private boolean endOfInput;

    private byte[] record = new byte[1024];
    private int recordLength;
    private int[] starts = new int[32];
    private int[] ends = new int[32];
    private int fields;

    private long line = 1;
    private long recordLine;
    private boolean cutOff;

    CsvTokenizer(InputStream in, byte delimiter) {
        this.in = in;
        this.delimiter = delimiter;
    }

    /** Reads the next non-blank record; false at the end of the input (or where it was cut off). */
    boolean next() throws IOException {
        while (true) {
            recordLine = line;
            recordLength = 0;
            fields = 0;
            int result = readRecord();
            if (result != RECORD) {
                cutOff = result == CUT;
                return false;
            }
            if (fields > 1 || ends[0] > starts[0]) {
                return true;
            }
        }
    }

    private static final int RECORD = 0;
    private static final int END = 1;
    private static final int CUT = 2;

    private int readRecord() throws IOException {
        boolean any = false;
        boolean inQuotes = false;
        int fieldStart = 0;
        while (true) {
            if (pos == limit && !fill()) {
                return any ? CUT : END;
            }
            byte b = buf[pos++];
            any = true;
            if (inQuotes) {
                if (b != '"') {
                    if (b == '\n') {
                        line++;
                    }
                    append(b);
                } else if (pos == limit && !fill()) {
                    return CUT;
                } else if (buf[pos] == '"') {
                    append(b);
                    pos++;
                } else {
                    inQuotes = false;
                }
            } else if (b == delimiter) {
                endField(fieldStart);
                fieldStart = recordLength;
            } else if (b == '\n') {
                line++;
                if (recordLength > fieldStart && record[recordLength - 1] == '\r') {
                    recordLength--;
                }
                endField(fieldStart);
                return RECORD;
            } else if (b == '"' && recordLength == fieldStart) {
                inQuotes = true;
            } else {
                append(b);
            }
        }
    }

    private boolean fill() throws IOException {
        if (endOfInput) {
            return false;
        }
        int n = in.read(buf, 0, buf.length);
        if (n <= 0) {
            endOfInput = n < 0;
            return n > 0 || fill();
        }
        pos = 0;
        limit = n;
        return true;
    }

    private void append(byte b) {
        if (recordLength == record.length) {
            record = Arrays.copyOf(record, record.length * 2);
        }
        record[recordLength++] = b;
    }

    private void endField(int fieldStart) {
        if (fields == starts.length) {
            starts = Arrays.copyOf(starts, fields * 2);
            ends = Arrays.copyOf(ends, fields * 2);
        }
        starts[fields] = fieldStart;
        ends[fields++] = recordLength;
    }

    int fieldCount() {
        return fields;
    }

    /** Physical line (1-based) where the current record starts. */
    long recordLine() {
        return recordLine;
    }

    /** True once the input ended inside a record. */
    boolean cutOff() {
        return cutOff;
    }

    /** The line where the incomplete record started (valid when {@link #cutOff()}). */
    long cutOffLine() {
        return recordLine;
    }

    String string(int field) {
        return new String(record, starts[field], ends[field] - starts[field], StandardCharsets.UTF_8);
    }

    String string(int field, ByteStringCache cache) {
        return cache.get(record, starts[field], ends[field] - starts[field]);
    }

    /** The field as a whole number, or {@link #NOT_A_NUMBER}. */
    long longField(int field) {
        int i = starts[field];
        int end = ends[field];
        boolean negative = i < end && record[i] == '-';
        if (negative) {
            i++;
        }
        if (i == end || end - i > 18) {
            return NOT_A_NUMBER;
        }
        long value = 0;
        for (; i < end; i++) {
            int digit = record[i] - '0';
            if (digit < 0 || digit > 9) {
                return NOT_A_NUMBER;
            }
            value = value * 10 + digit;
        }
        return negative ? -value : value;
    }

    /** Whether the field equals {@code ascii}, ignoring ASCII case. */
    boolean fieldEqualsIgnoreCase(int field, String ascii) {
        int start = starts[field];
        int length = ends[field] - start;
        if (length != ascii.length()) {
            return false;
        }
        for (int i = 0; i < length; i++) {
            if (Character.toLowerCase((char) record[start + i]) != Character.toLowerCase(ascii.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    boolean isEmpty(int field) {
        return ends[field] == starts[field];
    }
}
