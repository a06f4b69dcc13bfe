package org.dbstudy.analysis.report.files;

import static org.dbstudy.vocabulary.files.MonitorColumns.CPU_PCT;
import static org.dbstudy.vocabulary.files.MonitorColumns.CPU_STEAL_PCT;
import static org.dbstudy.vocabulary.files.MonitorColumns.DATABASE;
import static org.dbstudy.vocabulary.files.MonitorColumns.DEADLOCKS;
import static org.dbstudy.vocabulary.files.MonitorColumns.HOST;
import static org.dbstudy.vocabulary.files.MonitorColumns.LOCK_WAITS;
import static org.dbstudy.vocabulary.files.MonitorColumns.MEM_USED_BYTES;
import static org.dbstudy.vocabulary.files.MonitorColumns.REFUSED_MAX_CONNECTIONS;
import static org.dbstudy.vocabulary.files.MonitorColumns.ROW_LOCK_WAITS;
import static org.dbstudy.vocabulary.files.MonitorColumns.RSS_BYTES;
import static org.dbstudy.vocabulary.files.MonitorColumns.SERVER;

import java.util.ArrayList;
import org.dbstudy.vocabulary.files.MonitorColumns;
import java.util.List;
import org.dbstudy.analysis.reading.MonitorFile;
import org.dbstudy.analysis.reading.MonitorFiles;
import org.dbstudy.analysis.report.format.Fmt;
import org.dbstudy.analysis.report.figures.MonitorFigures;

/**
 * What the server did in each cell, from the monitor's files beside the results
 * ({@link MonitorFile}; docs/monitoring.md), pooled over a cell's replicates, as columns of
 * {@code summary.csv}: monitored seconds, of them those whose host figures were asked for and not read
 * (a remote monitor that did not answer: {@link MonitorColumns#MISSING}), host CPU busy (100 − idle) mean and max, host CPU stolen by
 * the hypervisor mean and max (a cell that ran while another guest took the CPU), host memory used
 * max, the server processes' CPU (% of one core) mean and max and resident memory max, locks waited
 * for (max at once), row lock waits, deadlocks, peak client connections (the monitor's own left out)
 * and connections refused for max_connections. A figure the monitor did not record for a cell is left
 * empty; without a monitor directory summary.csv has none of these columns.
 */
public final class MonitorSummary {
    public static final List<String> COLUMNS = List.of("monitor_seconds", "host_missing_seconds", "host_cpu_mean_pct", "host_cpu_max_pct",
            "host_cpu_steal_mean_pct", "host_cpu_steal_max_pct", "host_mem_used_max_bytes",
            "server_cpu_mean_pct_of_one_core", "server_cpu_max_pct_of_one_core", "server_rss_max_bytes", "lock_waits_max",
            "row_lock_waits", "deadlocks", "connections_max", "refused_max_connections");

    private MonitorSummary() {
    }

    /** The {@link #COLUMNS} of each cell, from the study's monitor files (empty fields for a cell without any). */
    public static SummaryColumns of(MonitorFiles monitor) {
        return new SummaryColumns(COLUMNS, name -> new Cell(monitor.of(name)).fields());
    }

    /** One cell's moments, of all its replicates, then summarised. */
    private static final class Cell {
        private final List<MonitorFile.Moment> moments = new ArrayList<>();

        Cell(List<MonitorFile> files) {
            files.forEach(f -> moments.addAll(f.moments()));
        }

        List<String> fields() {
            List<Double> hostBusy = new ArrayList<>();
            List<Double> connections = new ArrayList<>();
            int hostMissing = 0;
            for (MonitorFile.Moment m : moments) {
                if (!Double.isNaN(m.get(HOST, MonitorColumns.MISSING))) {
                    hostMissing++;
                }
                double busy = MonitorFigures.hostCpuBusyPct(m);
                if (!Double.isNaN(busy)) {
                    hostBusy.add(busy);
                }
                double connected = MonitorFigures.connections(m);
                if (!Double.isNaN(connected)) {
                    connections.add(connected);
                }
            }
            List<Double> serverCpu = values(SERVER, CPU_PCT);
            List<Double> steal = values(HOST, CPU_STEAL_PCT);
            return List.of(Integer.toString(moments.size()), Integer.toString(hostMissing), mean(hostBusy), max(hostBusy), mean(steal), max(steal),
                    max(values(HOST, MEM_USED_BYTES)), mean(serverCpu), max(serverCpu), max(values(SERVER, RSS_BYTES)),
                    max(values(DATABASE, LOCK_WAITS)), sum(values(DATABASE, ROW_LOCK_WAITS)),
                    sum(values(DATABASE, DEADLOCKS)), max(connections), sum(values(DATABASE, REFUSED_MAX_CONNECTIONS)));
        }

        private List<Double> values(String source, String metric) {
            List<Double> out = new ArrayList<>();
            for (MonitorFile.Moment m : moments) {
                double v = m.get(source, metric);
                if (!Double.isNaN(v)) {
                    out.add(v);
                }
            }
            return out;
        }

        private static String mean(List<Double> v) {
            return v.isEmpty() ? "" : Fmt.exact(v.stream().mapToDouble(Double::doubleValue).average().orElseThrow());
        }

        private static String max(List<Double> v) {
            return v.isEmpty() ? "" : Fmt.exact(v.stream().mapToDouble(Double::doubleValue).max().orElseThrow());
        }

        private static String sum(List<Double> v) {
            return v.isEmpty() ? "" : Fmt.exact(v.stream().mapToDouble(Double::doubleValue).sum());
        }
    }
}
