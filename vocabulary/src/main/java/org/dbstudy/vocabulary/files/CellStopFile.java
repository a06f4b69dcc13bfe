package org.dbstudy.vocabulary.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code cell-stops.csv}, beside {@code run-status.csv}: for each run of a cell that ends on precision, one row per
 * statistic with how the cell ended, how long it measured, the warm-up detected (MSER-5) and the relative half-width
 * reached. The runner writes it after each such cell; the analysis leaves each run's detected warm-up out (the
 * longest of its statistics') and reports the rest. A run written twice (a resumed cell) keeps its last rows.
 */
public final class CellStopFile {
    public static final String FILE_NAME = "cell-stops.csv";
    public static final String CELL = "cell";
    public static final String REPLICATE = "replicate";
    /** {@link #PRECISION} or {@link #MAX_DURATION}. */
    public static final String ENDED = "ended";
    /** Seconds from the first workload sample's start to the last one's end. */
    public static final String MEASURED_S = "measured_s";
    /** Seconds from the first workload sample's start that the warm-up cut leaves out. */
    public static final String WARMUP_S = "warmup_s";
    public static final String STATISTIC = "statistic";
    /** The study's target, the batch-means interval's half-width over the mean, in percent. */
    public static final String TARGET_PCT = "target_pct";
    /** The half-width reached at the end, in percent; empty when no interval could be trusted. */
    public static final String REACHED_PCT = "reached_pct";
    public static final List<String> COLUMNS = List.of(CELL, REPLICATE, ENDED, MEASURED_S, WARMUP_S, STATISTIC, TARGET_PCT,
            REACHED_PCT);

    public static final String PRECISION = "precision";
    public static final String MAX_DURATION = "max_duration";

    /** One statistic of one run; {@code reachedPct} NaN when no interval was trusted. */
    public record Row(String cell, int replicate, String ended, double measuredSeconds, double warmupSeconds,
                      String statistic, double targetPct, double reachedPct) {
        public String key() {
            return RunStatusFile.key(cell, Integer.toString(replicate));
        }
    }

    private CellStopFile() {
    }

    /** The rows of {@code file}, or none when it does not exist. */
    public static List<Row> read(Path file) throws IOException, CsvFileException {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        CsvTable table = CsvTable.read(file, COLUMNS.toArray(String[]::new));
        List<Row> rows = new ArrayList<>();
        for (CsvTable.Row r : table.rows()) {
            rows.add(new Row(r.get(CELL), (int) number(file, r, REPLICATE, false), r.get(ENDED), number(file, r, MEASURED_S, false),
                    number(file, r, WARMUP_S, false), r.get(STATISTIC), number(file, r, TARGET_PCT, false),
                    number(file, r, REACHED_PCT, true)));
        }
        return rows;
    }

    private static double number(Path file, CsvTable.Row r, String column, boolean mayBeEmpty) throws CsvFileException {
        String v = r.get(column);
        if (v.isEmpty() && mayBeEmpty) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new CsvFileException(file, r.line(), column, "'" + v + "' is not a number");
        }
    }

    /** Puts a run's rows in the file in place of any it had, replacing the file in one step. */
    public static void put(Path file, List<Row> run) throws IOException, CsvFileException {
        List<String> keys = run.stream().map(Row::key).distinct().toList();
        List<Row> rows = new ArrayList<>(read(file).stream().filter(r -> !keys.contains(r.key())).toList());
        rows.addAll(run);
        StringBuilder sb = new StringBuilder(Csv.join(COLUMNS)).append('\n');
        for (Row r : rows) {
            sb.append(Csv.join(List.of(r.cell(), Integer.toString(r.replicate()), r.ended(), format(r.measuredSeconds()),
                    format(r.warmupSeconds()), r.statistic(), format(r.targetPct()),
                    Double.isNaN(r.reachedPct()) ? "" : format(r.reachedPct())))).append('\n');
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, sb, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static String format(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
