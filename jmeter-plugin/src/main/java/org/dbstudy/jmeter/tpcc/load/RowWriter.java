package org.dbstudy.jmeter.tpcc.load;

import java.sql.SQLException;

/**
 * Streams generated rows into one table at a time by the database's bulk path. Rows are encoded into
 * a bounded buffer and sent when it is full: memory stays flat in the number of warehouses.
 */
interface RowWriter extends AutoCloseable {
    /** Bytes buffered before a chunk is sent. */
    int CHUNK = 1 << 20;

    /**
     * Starts a table that is empty and gets all its rows from this writer before {@link #end()}: a writer
     * may rely on it (PostgreSQL truncates the table in the loading transaction so that COPY can freeze
     * the rows).
     */
    void begin(TpccSchema.Table table) throws SQLException;

    RowWriter num(long value);

    /** A decimal given in units of its last digit: {@code dec(1234, 2)} is 12.34. */
    RowWriter dec(long units, int scale);

    /** Any text; escaped as the format needs. */
    RowWriter str(String value);

    /**
     * Text of printable ASCII bytes that no format escapes or quotes (letters, digits, space, {@code -},
     * {@code :}, {@code #}), copied as they are: the generator's a-strings are slices of a random pool.
     */
    RowWriter ascii(byte[] bytes, int from, int length);

    RowWriter nul();

    void endRow() throws SQLException;

    /** Sends what is buffered and finishes (commits) the table. */
    void end() throws SQLException;

    /** Rows of the current (or last) table. */
    long rows();

    /** Abandons a table that was begun and not ended. */
    @Override
    void close() throws SQLException;
}
