package org.dbstudy.jmeter.tpcc.load;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * MySQL and MariaDB when {@code LOAD DATA LOCAL INFILE} is refused (by the server's {@code local_infile}
 * or the driver's settings): multi-row {@code INSERT … VALUES (…), (…)} of about 1 MB, each chunk
 * committed, with literals (the generated values are numbers and plain text; quotes and backslashes
 * are escaped).
 */
final class InsertWriter implements RowWriter {
    private final Connection connection;
    private final StringBuilder buffer = new StringBuilder(CHUNK + 8192);
    private String head;
    private int inChunk;
    private boolean firstColumn = true;
    private long rows;

    InsertWriter(Connection connection) throws SQLException {
        this.connection = connection;
        connection.setAutoCommit(false);
    }

    @Override
    public void begin(TpccSchema.Table table) {
        head = "INSERT INTO " + table.name() + " (" + table.columnNames() + ") VALUES ";
        rows = 0;
        inChunk = 0;
        buffer.setLength(0);
    }

    private void separate() {
        if (firstColumn) {
            if (inChunk == 0) {
                buffer.append(head);
            } else {
                buffer.append(',');
            }
            buffer.append('(');
        } else {
            buffer.append(',');
        }
        firstColumn = false;
    }

    @Override
    public RowWriter num(long value) {
        separate();
        buffer.append(value);
        return this;
    }

    @Override
    public RowWriter dec(long units, int scale) {
        separate();
        if (units < 0) {
            buffer.append('-');
            units = -units;
        }
        long pow = 1;
        for (int i = 0; i < scale; i++) {
            pow *= 10;
        }
        buffer.append(units / pow);
        if (scale > 0) {
            buffer.append('.');
            String fraction = Long.toString(units % pow);
            buffer.append("0".repeat(scale - fraction.length())).append(fraction);
        }
        return this;
    }

    @Override
    public RowWriter ascii(byte[] bytes, int from, int length) {
        separate();
        buffer.append('\'');
        for (int i = from; i < from + length; i++) {
            buffer.append((char) bytes[i]);
        }
        buffer.append('\'');
        return this;
    }

    @Override
    public RowWriter str(String value) {
        separate();
        buffer.append('\'');
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            if (ch == '\'' || ch == '\\') {
                buffer.append('\\');
            }
            buffer.append(ch);
        }
        buffer.append('\'');
        return this;
    }

    @Override
    public RowWriter nul() {
        separate();
        buffer.append("NULL");
        return this;
    }

    @Override
    public void endRow() throws SQLException {
        buffer.append(')');
        firstColumn = true;
        rows++;
        inChunk++;
        if (buffer.length() >= CHUNK) {
            flush();
        }
    }

    private void flush() throws SQLException {
        if (inChunk == 0) {
            return;
        }
        try (Statement s = connection.createStatement()) {
            s.executeUpdate(buffer.toString());
        }
        connection.commit();
        buffer.setLength(0);
        inChunk = 0;
    }

    @Override
    public void end() throws SQLException {
        flush();
    }

    @Override
    public long rows() { return rows; }

    @Override
    public void close() throws SQLException {
        connection.rollback();
        connection.setAutoCommit(true);
    }
}
