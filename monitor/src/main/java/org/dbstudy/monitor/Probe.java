package org.dbstudy.monitor;

import java.sql.SQLException;
import java.util.List;

/** Something the monitor asks once per interval; it never throws for a value it cannot read. */
interface Probe extends AutoCloseable {
    /** The readings at {@code now} (epoch ms); counters are given as their increase since the last call. */
    List<Reading> sample(long now) throws Exception;

    @Override
    default void close() throws SQLException {
    }
}
