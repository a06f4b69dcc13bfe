package org.dbstudy.analysis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The runs of {@code run-status.csv} ({@code cell,replicate,status,reason,started,finished}) that
 * did not finish: status {@code failed} or still {@code running}.
 */
record RunStatus(String cell, String replicate, String status, String reason) {

    static List<RunStatus> unfinished(Path manifestDir) throws IOException, AnalysisInputException {
        Path file = manifestDir.resolve("run-status.csv");
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        CsvTable table = CsvTable.read(file, "cell", "replicate", "status");
        int reason = table.column("reason");
        List<RunStatus> unfinished = new ArrayList<>();
        for (CsvTable.Row row : table.rows()) {
            List<String> f = row.fields();
            String status = f.get(table.column("status"));
            if (!status.equals("done")) {
                unfinished.add(new RunStatus(f.get(table.column("cell")), f.get(table.column("replicate")),
                        status, reason < 0 ? "" : f.get(reason)));
            }
        }
        return unfinished;
    }
}
