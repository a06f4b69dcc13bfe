package org.dbstudy.jmeter.tpcc.load;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * PostgreSQL: one {@code COPY … FROM STDIN (FREEZE)} per table through pgjdbc's CopyManager, text
 * format, 1 MB at a time. The table is truncated in the same transaction, which is what lets COPY
 * write the rows frozen and the pages all-visible: no hint bits to set by the first reader (index
 * builds, foreign key checks, ANALYZE), and the first autovacuum has nothing to do. The table stays
 * an ordinary logged one.
 */
final class PgCopyWriter extends TextRowWriter {
    private final Connection connection;
    private CopyIn copy;

    PgCopyWriter(Connection connection) {
        this.connection = connection;
    }

    @Override
    public void begin(TpccSchema.Table table) throws SQLException {
        reset();
        connection.setAutoCommit(false);
        try (Statement s = connection.createStatement()) {
            s.execute("TRUNCATE " + table.name());
        }
        copy = connection.unwrap(PGConnection.class).getCopyAPI()
                .copyIn("COPY " + table.name() + " (" + table.columnNames() + ") FROM STDIN (FREEZE)");
    }

    @Override
    protected void send(byte[] bytes, int length) throws SQLException {
        copy.writeToCopy(bytes, 0, length);
    }

    @Override
    public void end() throws SQLException {
        flush();
        copy.endCopy();
        copy = null;
        connection.commit();
        connection.setAutoCommit(true);
    }

    @Override
    public void close() throws SQLException {
        if (copy != null && copy.isActive()) {
            copy.cancelCopy();
        }
        copy = null;
        if (!connection.getAutoCommit()) {
            connection.rollback();
            connection.setAutoCommit(true);
        }
    }
}
