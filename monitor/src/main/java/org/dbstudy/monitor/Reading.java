package org.dbstudy.monitor;

/**
 * One value of one metric at one moment: a row of the monitor's CSV. {@code source} is {@code host},
 * {@code server} (the database server's processes) or {@code database} (its counters over SQL).
 */
record Reading(long timeStamp, String source, String metric, double value, String unit) {
}
