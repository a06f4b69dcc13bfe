package org.dbstudy.analysis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.dbstudy.vocabulary.CsvTable;
import org.dbstudy.vocabulary.CsvWriter;

/**
 * What the server did in each cell, from the monitor's files beside the results
 * ({@code monitor/<plan>.csv}, rows {@code timeStamp,source,metric,value,unit}; see
 * docs/monitoring.md), pooled over a cell's replicates, into {@code monitor-summary.csv}: host CPU
 * busy (100 − idle) mean and max, host memory used max, the server processes' CPU (% of one core)
 * mean and max and resident memory max, locks waited for (max at once), row lock waits, deadlocks,
 * peak client connections (the monitor's own left out) and connections refused for
 * max_connections. A figure the monitor did not record for a cell is left empty.
 */
final class MonitorSummary {
    static final String FILE = "monitor-summary.csv";
    static final List<String> HEADER = List.of("cell", "seconds", "host_cpu_mean_pct", "host_cpu_max_pct",
            "host_mem_used_max_bytes", "server_cpu_mean_pct_of_one_core", "server_cpu_max_pct_of_one_core",
            "server_rss_max_bytes", "lock_waits_max", "row_lock_waits", "deadlocks", "connections_max",
            "refused_max_connections");

    private MonitorSummary() {
    }

    /** Writes the summary when the study directory has monitor files; the file written, if any. */
    static Optional<Path> write(Path manifestFile, Path outDir) throws IOException, AnalysisInputException {
        Path dir = manifestFile.toAbsolutePath().getParent().resolve("monitor");
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        Manifest manifest = Manifest.read(manifestFile);
        Map<String, Cell> cells = new LinkedHashMap<>();
        manifest.cells().forEach(c -> cells.put(c, new Cell()));
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.filter(p -> p.getFileName().toString().endsWith(".csv")).sorted().toList();
        }
        for (Path file : files) {
            Optional<String> cell = manifest.cellOf(file);
            if (cell.isPresent()) {
                read(file, cells.get(cell.get()));
            }
        }
        Path out = outDir.resolve(FILE);
        try (CsvWriter w = new CsvWriter(out, HEADER)) {
            for (Map.Entry<String, Cell> e : cells.entrySet()) {
                w.row(e.getValue().row(e.getKey()));
            }
        }
        return Optional.of(out);
    }

    private static void read(Path file, Cell cell) throws IOException, AnalysisInputException {
        CsvTable table = CsvFiles.read(file, "timeStamp", "source", "metric", "value");
        int time = table.column("timeStamp");
        int source = table.column("source");
        int metric = table.column("metric");
        int value = table.column("value");
        for (CsvTable.Row row : table.rows()) {
            double v;
            try {
                v = Double.parseDouble(row.fields().get(value));
            } catch (NumberFormatException e) {
                throw new AnalysisInputException(file, row.line(), "value", "'" + row.fields().get(value)
                        + "' is not a number");
            }
            cell.add(row.fields().get(time) + "/" + file.getFileName(),
                    row.fields().get(source) + "/" + row.fields().get(metric), v);
        }
    }

    /** One cell's rows, grouped by moment (timestamp and file), then summarised. */
    private static final class Cell {
        private final Map<String, Map<String, Double>> moments = new TreeMap<>();

        void add(String moment, String metric, double value) {
            moments.computeIfAbsent(moment, k -> new LinkedHashMap<>()).merge(metric, value, Double::sum);
        }

        List<String> row(String name) {
            List<Double> hostBusy = new ArrayList<>();
            List<Double> serverCpu = new ArrayList<>();
            List<Double> connections = new ArrayList<>();
            for (Map<String, Double> m : moments.values()) {
                if (m.containsKey("host/cpu_idle_pct")) {
                    hostBusy.add(100 - m.get("host/cpu_idle_pct"));
                }
                if (m.containsKey("server/cpu_pct")) {
                    serverCpu.add(m.get("server/cpu_pct"));
                }
                double sessions = m.entrySet().stream().filter(e -> e.getKey().startsWith("database/sessions_"))
                        .mapToDouble(Map.Entry::getValue).sum();
                if (m.keySet().stream().anyMatch(k -> k.startsWith("database/sessions_"))) {
                    connections.add(sessions); // PostgreSQL: the monitor's own session is not among them
                } else if (m.containsKey("database/threads_connected")) {
                    connections.add(m.get("database/threads_connected") - 1); // MySQL/MariaDB count the monitor's
                }
            }
            return List.of(name, Integer.toString(moments.size()), mean(hostBusy), max(hostBusy),
                    max(values("host/mem_used_bytes")), mean(serverCpu), max(serverCpu), max(values("server/rss_bytes")),
                    max(values("database/lock_waits")), sum(values("database/row_lock_waits")),
                    sum(values("database/deadlocks")), max(connections), sum(values("database/refused_max_connections")));
        }

        private List<Double> values(String metric) {
            List<Double> out = new ArrayList<>();
            moments.values().forEach(m -> {
                if (m.containsKey(metric)) {
                    out.add(m.get(metric));
                }
            });
            return out;
        }

        private static String mean(List<Double> v) {
            return v.isEmpty() ? "" : Fmt.num(v.stream().mapToDouble(Double::doubleValue).average().orElseThrow(), 2);
        }

        private static String max(List<Double> v) {
            return v.isEmpty() ? "" : Fmt.num(v.stream().mapToDouble(Double::doubleValue).max().orElseThrow(), 2);
        }

        private static String sum(List<Double> v) {
            return v.isEmpty() ? "" : Fmt.num(v.stream().mapToDouble(Double::doubleValue).sum(), 2);
        }
    }
}
