package org.dbstudy.jmeter.tpcc.load;

import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * MySQL and MariaDB: one {@code LOAD DATA LOCAL INFILE} per table, in a transaction of its own, reading
 * the rows from a stream that the generating thread fills chunk by chunk (the driver reads it on a
 * thread of its own). LOCAL turns bad values and duplicate keys into warnings, so a table whose
 * statement warns or loads another number of rows than were sent fails.
 */
final class LoadDataWriter extends TextRowWriter {
    /** Chunks in flight between the generator and the driver. */
    private static final int DEPTH = 2;
    /**
     * Most bytes handed to the driver per read: MariaDB Connector/J 3.x reads 8 KB at a time into a packet
     * buffer of 8 KB that also holds a 4-byte header, and a full 8 KB read makes it allocate a 128 KB
     * buffer for every packet.
     */
    private static final int READ_LIMIT = 8192 - 4;

    private final Connection connection;
    private final LocalInfile driver;
    private TpccSchema.Table table;
    private Pipe pipe;
    private Thread reader;
    private volatile SQLException failure;
    private volatile long loaded;

    LoadDataWriter(Connection connection, LocalInfile driver) {
        this.connection = connection;
        this.driver = driver;
    }

    /** Null when this connection can load with LOAD DATA LOCAL INFILE, else why not (the driver's or server's refusal). */
    static String refusal(Connection c, LocalInfile driver, String probeTable) {
        try (Statement s = driver.statement(c, new Pipe().ended())) {
            s.executeUpdate("LOAD DATA LOCAL INFILE 'dbstudy-probe' INTO TABLE " + probeTable);
            return null;
        } catch (SQLException e) {
            return e.getMessage();
        }
    }

    @Override
    public void begin(TpccSchema.Table t) throws SQLException {
        reset();
        table = t;
        failure = null;
        loaded = -1;
        connection.setAutoCommit(false);
        pipe = new Pipe();
        Statement s = driver.statement(connection, pipe);
        String sql = "LOAD DATA LOCAL INFILE 'dbstudy-" + t.name() + "' INTO TABLE " + t.name()
                + " CHARACTER SET utf8mb4 (" + t.columnNames() + ")";
        reader = new Thread(() -> {
            try (s) {
                loaded = s.executeLargeUpdate(sql);
                SQLWarning w = s.getWarnings();
                if (w != null) {
                    failure = new SQLException("LOAD DATA into " + t.name() + " warned: " + w.getMessage(), w.getSQLState(),
                            w.getErrorCode(), w);
                }
            } catch (SQLException e) {
                failure = e;
            } finally {
                pipe.readerDone();
            }
        }, Thread.currentThread().getName() + "-load-data");
        reader.start();
    }

    @Override
    protected void send(byte[] bytes, int length) throws SQLException {
        if (!pipe.put(bytes, length)) {
            throw failed();
        }
    }

    @Override
    public void end() throws SQLException {
        flush();
        pipe.finish();
        join();
        if (failure != null) {
            throw failed();
        }
        if (loaded != rows()) {
            throw new SQLException("LOAD DATA into " + table.name() + " loaded " + loaded + " of " + rows() + " rows");
        }
        connection.commit();
        connection.setAutoCommit(true);
        reader = null;
    }

    private SQLException failed() {
        SQLException f = failure;
        return f != null ? f : new SQLException("LOAD DATA into " + table.name() + " stopped reading");
    }

    private void join() throws SQLException {
        try {
            reader.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while LOAD DATA into " + table.name() + " ran", e);
        }
    }

    @Override
    public void close() throws SQLException {
        if (reader != null) {
            pipe.abort();
            join();
            reader = null;
        }
        if (!connection.getAutoCommit()) {
            connection.rollback();
            connection.setAutoCommit(true);
        }
    }

    /**
     * Chunks from the generating thread to the driver's reader, at most {@link #DEPTH} waiting; their
     * arrays are reused. An aborted pipe makes the reader fail, so the driver ends the statement with
     * an error and the transaction is rolled back rather than committed with part of the table.
     */
    static final class Pipe extends InputStream {
        private record Chunk(byte[] bytes, int length) {
        }

        private static final Chunk END = new Chunk(new byte[0], 0);
        private static final Chunk ABORT = new Chunk(new byte[0], 0);

        private final BlockingQueue<Chunk> full = new ArrayBlockingQueue<>(DEPTH);
        private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(DEPTH + 1);
        private volatile boolean readerDone;
        private Chunk current;
        private int position;

        /** Copies a chunk in; false when the reader has stopped. */
        boolean put(byte[] bytes, int length) throws SQLException {
            byte[] copy = free.poll();
            if (copy == null || copy.length < length) {
                copy = new byte[Math.max(length, CHUNK)];
            }
            System.arraycopy(bytes, 0, copy, 0, length);
            return offer(new Chunk(copy, length));
        }

        Pipe ended() throws SQLException {
            finish();
            return this;
        }

        /** Marks the end of the rows, after the chunks still waiting. */
        void finish() throws SQLException {
            offer(END);
        }

        void abort() {
            full.clear();
            full.offer(ABORT);
        }

        void readerDone() {
            readerDone = true;
            full.clear();
        }

        private boolean offer(Chunk chunk) throws SQLException {
            try {
                while (!full.offer(chunk, 100, TimeUnit.MILLISECONDS)) {
                    if (readerDone) {
                        return false;
                    }
                }
                return !readerDone;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException("interrupted while streaming rows", e);
            }
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            if (length == 0) {
                return 0;
            }
            while (current == null || position == current.length()) {
                if (current == END) {
                    return -1;
                }
                if (current != null) {
                    free.offer(current.bytes());
                }
                try {
                    current = full.take();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while waiting for rows", e);
                }
                position = 0;
                if (current == ABORT) {
                    throw new IOException("the load was abandoned");
                }
            }
            int n = Math.min(Math.min(length, READ_LIMIT), current.length() - position);
            System.arraycopy(current.bytes(), position, into, offset, n);
            position += n;
            return n;
        }
    }
}
