package org.dbstudy.monitor;

import org.dbstudy.vocabulary.files.MonitorColumns;

/**
 * One value of one metric at one moment: a row of the monitor's CSV. {@code source} is {@code host},
 * {@code server} (the database server's processes) or {@code database} (its counters over SQL).
 */
record Reading(long timeStamp, String source, String metric, double value, String unit) {
    /** The mark of an interval whose host figures (and a remote host's server processes) were asked for and not read. */
    static Reading hostMissing(long now) {
        return new Reading(now, MonitorColumns.HOST, MonitorColumns.MISSING, 1, "count");
    }

    boolean marksHostMissing() {
        return source.equals(MonitorColumns.HOST) && metric.equals(MonitorColumns.MISSING);
    }
}
