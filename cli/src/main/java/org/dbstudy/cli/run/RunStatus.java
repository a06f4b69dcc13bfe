package org.dbstudy.cli.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.cli.failure.EnvironmentError;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.files.RunStatusFile;

/**
 * The runner's record of which cells ran and how, kept in {@code run-status.csv} (its columns are
 * {@link RunStatusFile}'s). The file is rewritten whole after every change, so an interrupted run
 * leaves a readable file; {@code --resume} reads it back.
 */
public final class RunStatus {
    private final Path file;
    private final Map<String, RunStatusFile.Row> rows = new LinkedHashMap<>();

    private RunStatus(Path file) {
        this.file = file;
    }

    public static RunStatus open(Path file) throws IOException {
        RunStatus status = new RunStatus(file);
        try {
            for (RunStatusFile.Row row : RunStatusFile.read(file)) {
                status.rows.put(row.key(), row);
            }
        } catch (CsvFileException e) {
            throw new UserError(e.getMessage() + " (delete it to start the study afresh)");
        }
        return status;
    }

    boolean isDone(String cell, int replicate) {
        RunStatusFile.Row row = rows.get(cell + "#" + replicate);
        return row != null && row.done();
    }

    public void put(RunStatusFile.Row row) throws IOException {
        rows.put(row.key(), row);
        try {
            RunStatusFile.write(file, new ArrayList<>(rows.values()));
        } catch (IOException e) {
            throw EnvironmentError.naming(file, e);
        }
    }

    public List<RunStatusFile.Row> rows() {
        return new ArrayList<>(rows.values());
    }
}
