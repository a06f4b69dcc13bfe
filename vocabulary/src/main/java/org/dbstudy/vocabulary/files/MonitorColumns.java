package org.dbstudy.vocabulary.files;

import java.util.List;

/**
 * The monitor's per-cell file ({@code monitor/<cell>.csv}, docs/monitoring.md): its columns, its
 * sources, and the metrics the analysis reads from it (summary.csv's server columns, the figure of the
 * server over time). The monitor writes these names and the analysis reads them from here.
 */
public final class MonitorColumns {
    public static final List<String> HEADER = List.of("timeStamp", "source", "metric", "value", "unit");

    /** The machine the database server runs on. */
    public static final String HOST = "host";
    /** The database server's own processes. */
    public static final String SERVER = "server";
    /** The database's counters over SQL. */
    public static final String DATABASE = "database";

    /**
     * With source {@link #HOST}, value 1: an interval whose host figures (and, read by a remote
     * {@code dbstudy monitor}, its server processes') were asked for and could not be read. A gap in
     * the host figures is marked, never silent.
     */
    public static final String MISSING = "missing";
    /** Host CPU idle, % of all cores; busy is 100 minus it. */
    public static final String CPU_IDLE_PCT = "cpu_idle_pct";
    /**
     * Host CPU taken by the hypervisor for other guests, % of all cores: a virtual machine's noisy
     * neighbour. It counts as busy (100 − idle), yet neither client nor server ran in it.
     */
    public static final String CPU_STEAL_PCT = "cpu_steal_pct";
    /** The host's logical processors. */
    public static final String CPUS = "cpus";
    public static final String MEM_USED_BYTES = "mem_used_bytes";
    public static final String MEM_TOTAL_BYTES = "mem_total_bytes";
    /** The server processes' CPU, % of one core. */
    public static final String CPU_PCT = "cpu_pct";
    /** The server processes' resident memory, summed. */
    public static final String RSS_BYTES = "rss_bytes";
    /** Locks waited for at the moment of the sample. */
    public static final String LOCK_WAITS = "lock_waits";
    public static final String ROW_LOCK_WAITS = "row_lock_waits";
    public static final String DEADLOCKS = "deadlocks";
    /** PostgreSQL's client sessions by state: sessions_active, sessions_idle, ... */
    public static final String SESSIONS_PREFIX = "sessions_";
    /** MySQL's and MariaDB's client connections, the monitor's own among them. */
    public static final String THREADS_CONNECTED = "threads_connected";
    public static final String REFUSED_MAX_CONNECTIONS = "refused_max_connections";

    private MonitorColumns() {
    }

    /** {@code source/metric}: how the analysis names one figure. */
    public static String key(String source, String metric) {
        return source + "/" + metric;
    }
}
