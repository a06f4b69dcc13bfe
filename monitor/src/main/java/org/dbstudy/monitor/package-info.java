/**
 * Watches a study's database while a cell runs: every interval (1 s by default) the host's CPU,
 * memory, disk and network I/O and the database server's processes through OSHI, and the database's
 * own counters over SQL on a connection of the monitor's own, written as tidy CSV
 * ({@code timeStamp,source,metric,value,unit}, one row per metric and interval).
 *
 * <p>{@link org.dbstudy.monitor.Monitor} owns the schedule and the file; each {@code Probe} reads
 * one source and never stops the others. Counters are written as their increase per interval,
 * gauges as read. May use: OSHI, JDBC (drivers come from the caller), the vocabulary (URL redaction).
 * Must not: change the server.
 */
package org.dbstudy.monitor;
