package org.dbstudy.analysis.report.figures;

import static org.dbstudy.vocabulary.files.MonitorColumns.CPUS;
import static org.dbstudy.vocabulary.files.MonitorColumns.CPU_PCT;
import static org.dbstudy.vocabulary.files.MonitorColumns.DATABASE;
import static org.dbstudy.vocabulary.files.MonitorColumns.HOST;
import static org.dbstudy.vocabulary.files.MonitorColumns.SERVER;
import static org.dbstudy.vocabulary.files.MonitorColumns.SESSIONS_PREFIX;
import static org.dbstudy.vocabulary.files.MonitorColumns.THREADS_CONNECTED;

import java.util.Map;
import org.dbstudy.analysis.reading.MonitorFile;
import org.dbstudy.vocabulary.files.MonitorColumns;

/**
 * Figures derived from one monitor moment, the same in summary.csv and in the figure of the server
 * over time; NaN when the moment lacks what they need.
 */
public final class MonitorFigures {
    private static final String SESSIONS = MonitorColumns.key(DATABASE, SESSIONS_PREFIX);

    private MonitorFigures() {
    }

    /** Host CPU busy: 100 − idle, in % of all cores. */
    public static double hostCpuBusyPct(MonitorFile.Moment m) {
        return m.hostCpuBusyPct();
    }

    /** Host memory used, in % of the total. */
    static double hostMemoryPct(MonitorFile.Moment m) {
        return m.hostMemoryPct();
    }

    /** The server processes' CPU as a share of the whole host (their % of one core over the host's cores). */
    static double serverCpuPctOfHost(MonitorFile.Moment m) {
        return m.get(SERVER, CPU_PCT) / m.get(HOST, CPUS);
    }

    /**
     * Client connections: PostgreSQL's sessions in any state (the monitor's own is not among them), or
     * MySQL's and MariaDB's connected threads less the monitor's own.
     */
    public static double connections(MonitorFile.Moment m) {
        double sessions = 0;
        boolean any = false;
        for (Map.Entry<String, Double> e : m.values().entrySet()) {
            if (e.getKey().startsWith(SESSIONS)) {
                sessions += e.getValue();
                any = true;
            }
        }
        return any ? sessions : m.get(DATABASE, THREADS_CONNECTED) - 1;
    }
}
