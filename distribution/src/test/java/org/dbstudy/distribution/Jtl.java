package org.dbstudy.distribution;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.files.CsvTable;

/** The samples of a CSV JTL with JMeter's default columns: label and success of each row. */
record Jtl(long succeeded, long failed, List<String> failures) {

    /** Rows whose label is {@code label} (setUp rows and sub-results have other labels). */
    static Jtl read(Path file, String label) throws IOException {
        CsvTable table;
        try {
            table = CsvTable.read(file, "label", "success", "responseMessage");
        } catch (CsvFileException e) {
            throw new IOException(e.getMessage(), e);
        }
        long ok = 0;
        long bad = 0;
        List<String> failures = new ArrayList<>();
        for (CsvTable.Row row : table.rows()) {
            if (!row.get("label").equals(label)) {
                continue;
            }
            if (row.get("success").equals("true")) {
                ok++;
            } else {
                bad++;
                if (failures.size() < 5) {
                    failures.add(row.get("responseMessage"));
                }
            }
        }
        return new Jtl(ok, bad, failures);
    }
}
