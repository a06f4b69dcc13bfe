package org.dbstudy.jmeter.tpcc;

import java.sql.SQLException;

/**
 * Streams generated rows into one table at a time by the database's bulk path. Rows are encoded into
 * a bounded buffer and sent when it is full: memory stays flat in the number of warehouses.
 */
interface RowWriter extends AutoCloseable {
    /** Bytes buffered before a chunk is sent. */
    int CHUNK = 1 << 20;

    void begin(TpccSchema.Table table) throws SQLException;

    RowWriter num(long value);

    /** A decimal given in units of its last digit: {@code dec(1234, 2)} is 12.34. */
    RowWriter dec(long units, int scale);

    RowWriter str(String value);

    RowWriter nul();

    void endRow() throws SQLException;

    /** Sends what is buffered and finishes the table. */
    void end() throws SQLException;

    long rows();

    @Override
    void close() throws SQLException;

    /** Appends a decimal without creating a BigDecimal. */
    static void appendDecimal(StringBuilder out, long units, int scale) {
        if (units < 0) {
            out.append('-');
            units = -units;
        }
        long pow = 1;
        for (int i = 0; i < scale; i++) {
            pow *= 10;
        }
        out.append(units / pow);
        if (scale > 0) {
            out.append('.');
            String frac = Long.toString(units % pow);
            for (int i = frac.length(); i < scale; i++) {
                out.append('0');
            }
            out.append(frac);
        }
    }
}
