package org.dbstudy.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code run-status.csv}: one row per cell and replicate with its state (done, failed, running), the
 * reason of a failure and the times. Rewritten whole (through a temporary file) after every change,
 * so an interrupted run leaves a readable file; {@code --resume} reads it back.
 */
final class RunStatus {
    static final String HEADER = "cell,replicate,status,reason,started,finished,samples";

    record Row(String cell, int replicate, String status, String reason, String started, String finished, long samples) {
        String key() {
            return cell + "#" + replicate;
        }
    }

    private final Path file;
    private final Map<String, Row> rows = new LinkedHashMap<>();

    private RunStatus(Path file) {
        this.file = file;
    }

    static RunStatus open(Path file) throws IOException {
        RunStatus status = new RunStatus(file);
        if (Files.exists(file)) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 1; i < lines.size(); i++) {
                List<String> f = CsvLine.split(lines.get(i));
                if (f.size() >= 7) {
                    Row row = new Row(f.get(0), Integer.parseInt(f.get(1)), f.get(2), f.get(3), f.get(4), f.get(5),
                            Long.parseLong(f.get(6)));
                    status.rows.put(row.key(), row);
                }
            }
        }
        return status;
    }

    boolean isDone(String cell, int replicate) {
        Row row = rows.get(cell + "#" + replicate);
        return row != null && "done".equals(row.status());
    }

    void put(Row row) throws IOException {
        rows.put(row.key(), row);
        save();
    }

    List<Row> rows() {
        return new ArrayList<>(rows.values());
    }

    private void save() throws IOException {
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        for (Row r : rows.values()) {
            sb.append(CsvLine.join(List.of(r.cell(), Integer.toString(r.replicate()), r.status(), r.reason(),
                    r.started(), r.finished(), Long.toString(r.samples())))).append('\n');
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, sb, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
