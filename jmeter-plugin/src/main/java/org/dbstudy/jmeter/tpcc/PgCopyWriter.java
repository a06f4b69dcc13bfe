package org.dbstudy.jmeter.tpcc;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/** PostgreSQL: {@code COPY … FROM STDIN} in text format through pgjdbc's CopyManager, 1 MB at a time. */
final class PgCopyWriter implements RowWriter {
    private final Connection connection;
    private final StringBuilder buffer = new StringBuilder(CHUNK + 4096);
    private CopyIn copy;
    private boolean firstColumn = true;
    private long rows;

    PgCopyWriter(Connection connection) {
        this.connection = connection;
    }

    @Override
    public void begin(TpccSchema.Table table) throws SQLException {
        copy = connection.unwrap(PGConnection.class).getCopyAPI()
                .copyIn("COPY " + table.name() + " (" + table.columnNames() + ") FROM STDIN");
        rows = 0;
    }

    private void separate() {
        if (!firstColumn) {
            buffer.append('\t');
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
        RowWriter.appendDecimal(buffer, units, scale);
        return this;
    }

    @Override
    public RowWriter str(String value) {
        separate();
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            switch (ch) {
                case '\\' -> buffer.append("\\\\");
                case '\t' -> buffer.append("\\t");
                case '\n' -> buffer.append("\\n");
                case '\r' -> buffer.append("\\r");
                default -> buffer.append(ch);
            }
        }
        return this;
    }

    @Override
    public RowWriter nul() {
        separate();
        buffer.append("\\N");
        return this;
    }

    @Override
    public void endRow() throws SQLException {
        buffer.append('\n');
        firstColumn = true;
        rows++;
        if (buffer.length() >= CHUNK) {
            flush();
        }
    }

    private void flush() throws SQLException {
        byte[] bytes = buffer.toString().getBytes(StandardCharsets.UTF_8);
        copy.writeToCopy(bytes, 0, bytes.length);
        buffer.setLength(0);
    }

    @Override
    public void end() throws SQLException {
        flush();
        copy.endCopy();
        copy = null;
    }

    @Override
    public long rows() { return rows; }

    @Override
    public void close() throws SQLException {
        if (copy != null && copy.isActive()) {
            copy.cancelCopy();
        }
    }
}
