package org.dbstudy.vocabulary;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code run-status.csv}: one row per cell and replicate with its state, the reason of a failure, its
 * times and its sample count. The runner writes it whole (through a temporary file) after every
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
    public static final List<String> COLUMNS = List.of(CELL, REPLICATE, STATUS, REASON, STARTED, FINISHED, SAMPLES);

    public static final String DONE = "done";
    public static final String FAILED = "failed";
    public static final String RUNNING = "running";

    /** One run of a cell. */
    public record Row(String cell, int replicate, String status, String reason, String started, String finished,
            long samples) {
        public boolean done() {
            return DONE.equals(status);
        }

        /** The key of a cell's replicate: one row each. */
        public String key() {
            return cell + "#" + replicate;
        }
    }

    private RunStatusFile() {
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
                    r.get(FINISHED), r.get(SAMPLES).isEmpty() ? 0 : number(file, r, SAMPLES)));
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

    /** Writes all rows, replacing the file in one step. */
    public static void write(Path file, List<Row> rows) throws IOException {
        StringBuilder sb = new StringBuilder(Csv.join(COLUMNS)).append('\n');
        for (Row r : rows) {
            sb.append(Csv.join(List.of(r.cell(), Integer.toString(r.replicate()), r.status(), r.reason(),
                    r.started(), r.finished(), Long.toString(r.samples())))).append('\n');
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, sb, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
