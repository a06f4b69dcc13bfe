package org.dbstudy.monitor;

import java.util.List;

/** Something the monitor asks once per interval; it never throws for a value it cannot read. */
interface Probe extends AutoCloseable {
    /** The readings at {@code now} (epoch ms); counters are given as their increase since the last call. */
    List<Reading> sample(long now) throws Exception;

    /** Releases what the probe holds (its connection); nothing by default. */
    @Override
    default void close() throws java.sql.SQLException {
    }
}
