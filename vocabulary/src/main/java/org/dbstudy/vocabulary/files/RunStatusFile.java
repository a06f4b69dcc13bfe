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
 * {@code run-status.csv}: one row per cell and replicate with its state, the reason of a failure, its
 * times, its sample count and the CPU its JMeter process used. The runner writes it whole (through a temporary file) after every
 * change, so an interrupted run leaves a readable file; {@code --resume} and analysis read it back by
 * column name.
 */
public final class RunStatusFile {
    public static final String FILE_NAME = "run-status.csv";
    public static final String CELL = "cell";
    public static final String REPLICATE = "replicate";
    public static final String STATUS = "status";
    public static final String REASON = "reason";
    public static final String STARTED = "started";
    public static final String FINISHED = "finished";
    public static final String SAMPLES = "samples";
    /**
     * The JMeter process's CPU time over the measured window (its first workload sample seen to the
     * window's designed end, or JMeter's exit if sooner) as a percentage of all the client machine's
     * cores (100 = every core busy); empty when the cell had no window or the OS does not tell.
     */
    public static final String CLIENT_CPU_PCT = "client_cpu_pct";
    public static final List<String> COLUMNS = List.of(CELL, REPLICATE, STATUS, REASON, STARTED, FINISHED, SAMPLES,
            CLIENT_CPU_PCT);

    public static final String DONE = "done";
    public static final String FAILED = "failed";
    public static final String RUNNING = "running";

    /** One run of a cell; {@code clientCpuPct} NaN when not known. */
    public record Row(String cell, int replicate, String status, String reason, String started, String finished,
            long samples, double clientCpuPct) {
        /** A row without the client's CPU (a cell not run yet, or one that failed before JMeter). */
        public Row(String cell, int replicate, String status, String reason, String started, String finished,
                long samples) {
            this(cell, replicate, status, reason, started, finished, samples, Double.NaN);
        }

        public boolean done() {
            return DONE.equals(status);
        }

        /** The key of a cell's replicate: one row each. */
        public String key() {
            return RunStatusFile.key(cell, Integer.toString(replicate));
        }
    }

    private RunStatusFile() {
    }

    /** The key of a cell's replicate, the replicate as written (in the manifest, say): "c1#2". */
    public static String key(String cell, String replicate) {
        return cell + "#" + replicate;
    }

    /** The rows of {@code file}, or none when it does not exist. */
    public static List<Row> read(Path file) throws IOException, CsvFileException {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        CsvTable table = CsvTable.read(file, CELL, REPLICATE, STATUS);
        List<Row> rows = new ArrayList<>();
        for (CsvTable.Row r : table.rows()) {
            rows.add(new Row(r.get(CELL), (int) number(file, r, REPLICATE), r.get(STATUS), r.get(REASON), r.get(STARTED),
                    r.get(FINISHED), r.get(SAMPLES).isEmpty() ? 0 : number(file, r, SAMPLES), cpu(file, r)));
        }
        return rows;
    }

    private static long number(Path file, CsvTable.Row r, String column) throws CsvFileException {
        try {
            return Long.parseLong(r.get(column));
        } catch (NumberFormatException e) {
            throw new CsvFileException(file, r.line(), column, "'" + r.get(column) + "' is not a whole number");
        }
    }

    /** The client's CPU, NaN when empty (also in a file written before the column existed). */
    private static double cpu(Path file, CsvTable.Row r) throws CsvFileException {
        String v = r.get(CLIENT_CPU_PCT);
        if (v.isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            throw new CsvFileException(file, r.line(), CLIENT_CPU_PCT, "'" + v + "' is not a number");
        }
    }

    /** Writes all rows, replacing the file in one step. */
    public static void write(Path file, List<Row> rows) throws IOException {
        StringBuilder sb = new StringBuilder(Csv.join(COLUMNS)).append('\n');
        for (Row r : rows) {
            sb.append(Csv.join(List.of(r.cell(), Integer.toString(r.replicate()), r.status(), r.reason(),
                    r.started(), r.finished(), Long.toString(r.samples()),
                    Double.isNaN(r.clientCpuPct()) ? "" : String.format(Locale.ROOT, "%.2f", r.clientCpuPct()))))
                    .append('\n');
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, sb, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
