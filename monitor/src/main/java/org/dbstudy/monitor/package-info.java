/**
 * Watches a study's database while a cell runs: every interval (1 s by default) the host's CPU,
 * memory, disk and network I/O and the database server's processes through OSHI, and the database's
 * own counters over SQL on a connection of the monitor's own, written as tidy CSV
 * ({@code timeStamp,source,metric,value,unit}, one row per metric and interval).
 *
 * <p>{@link org.dbstudy.monitor.Monitor} owns the schedule and the file; each {@code Probe} reads
 * one source and never stops the others. Counters are written as their increase per interval,
 * gauges as read. For a database on another machine, {@link org.dbstudy.monitor.MonitorServer} (run
 * there by {@code dbstudy monitor}) reads its host and processes on request for runners that show its
 * {@link org.dbstudy.monitor.MonitorToken}, and the runner's {@code RemoteProbe} asks it every
 * interval, trying a failed request again and marking an interval it could not read. May use: OSHI, JDBC (drivers come from the caller), the
 * JDK's sockets (its own small HTTP server, {@code RequestServer}) and HTTP client, the vocabulary (URL redaction, the file's columns, monitor addresses).
 * Must not: change the server.
 */
package org.dbstudy.monitor;
