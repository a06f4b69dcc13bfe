package org.dbstudy.monitor;

import java.io.IOException;
import java.sql.SQLException;
import java.util.List;

/** Something the monitor asks once per interval; it never throws for a value it cannot read. */
interface Probe extends AutoCloseable {
    /** The readings at {@code now} (epoch ms); counters are given as their increase since the last call. */
    List<Reading> sample(long now) throws Exception;

    /**
     * What the file gets for an interval this probe could not read: a mark where its figures were
     * expected ({@link Reading#hostMissing}), so a gap is never silent; nothing for a probe whose
     * figures the analysis does not count on.
     */
    default List<Reading> missing(long now) {
        return List.of();
    }

    @Override
    default void close() throws SQLException {
    }

    /** A probe's failure already said in a whole sentence, named as it is. */
    final class Unreadable extends IOException {
        private static final long serialVersionUID = 1L;

        Unreadable(String sentence) {
            super(sentence);
        }
    }
}
