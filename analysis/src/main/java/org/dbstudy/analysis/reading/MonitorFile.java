package org.dbstudy.analysis.reading;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.files.MonitorColumns;
import org.dbstudy.vocabulary.RunFolder;

/**
 * One run's monitor file ({@code monitor/<plan>.csv} beside the results, columns
 * {@link MonitorColumns#HEADER}; docs/monitoring.md) as its moments in time order: the figures of one
 * interval by {@link MonitorColumns#key source/metric}.
 */
public final class MonitorFile {
    /** The directory of monitor files in a study directory. */
    public static final String DIR = RunFolder.MONITOR;
    /** A monitor file belongs to a run when the run's first sample falls within its span, give or take this. */
    public static final long RUN_SLACK_MILLIS = 5000;

    /** The figures of one interval, by {@code source/metric}. */
    public record Moment(long timeStamp, Map<String, Double> values) {
        /** The figure, or NaN when this moment lacks it. */
        public double get(String source, String metric) {
            Double v = values.get(MonitorColumns.key(source, metric));
            return v == null ? Double.NaN : v;
        }

        /** Host CPU busy, 100 − idle, % of all cores (NaN without the host's figures). */
        public double hostCpuBusyPct() {
            return 100 - get(MonitorColumns.HOST, MonitorColumns.CPU_IDLE_PCT);
        }

        /** Host memory used, % of the total. */
        public double hostMemoryPct() {
            return 100 * get(MonitorColumns.HOST, MonitorColumns.MEM_USED_BYTES) / get(MonitorColumns.HOST, MonitorColumns.MEM_TOTAL_BYTES);
        }
    }

    private final Path file;
    private final List<Moment> moments;

    private MonitorFile(Path file, List<Moment> moments) {
        this.file = file;
        this.moments = moments;
    }

    /** The monitor files of a study directory, sorted by name; none when no monitor ran. */
    public static List<Path> list(Path studyDir) throws IOException {
        Path dir = studyDir.resolve(DIR);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(p -> p.getFileName().toString().endsWith(".csv")).sorted().toList();
        }
    }

    public static MonitorFile read(Path file) throws IOException, AnalysisInputException {
        CsvTable table = CsvFiles.read(file, MonitorColumns.HEADER.subList(0, 4).toArray(String[]::new));
        Map<Long, Map<String, Double>> byTime = new TreeMap<>();
        for (CsvTable.Row row : table.rows()) {
            long time = number(file, row, "timeStamp", Long::parseLong);
            double value = number(file, row, "value", Double::parseDouble);
            byTime.computeIfAbsent(time, k -> new LinkedHashMap<>())
                    .put(MonitorColumns.key(row.get("source"), row.get("metric")), value);
        }
        List<Moment> moments = new ArrayList<>();
        byTime.forEach((t, v) -> moments.add(new Moment(t, Collections.unmodifiableMap(v))));
        return new MonitorFile(file, List.copyOf(moments));
    }

    private interface Parser<T> {
        T parse(String text);
    }

    private static <T> T number(Path file, CsvTable.Row row, String column, Parser<T> parser) throws AnalysisInputException {
        try {
            return parser.parse(row.get(column));
        } catch (NumberFormatException e) {
            throw new AnalysisInputException(file, row.line(), column, "'" + row.get(column) + "' is not a number");
        }
    }

    public Path file() {
        return file;
    }

    /** In time order. */
    public List<Moment> moments() {
        return moments;
    }

    /** Whether the run whose first sample started at {@code epochMillis} is the one this file watched. */
    public boolean watched(long epochMillis) {
        return covers(epochMillis, RUN_SLACK_MILLIS);
    }

    /** Whether {@code epochMillis} falls within the file's span, with {@code slackMillis} either side. */
    public boolean covers(long epochMillis, long slackMillis) {
        return !moments.isEmpty() && epochMillis >= moments.get(0).timeStamp() - slackMillis
                && epochMillis <= moments.get(moments.size() - 1).timeStamp() + slackMillis;
    }
}
