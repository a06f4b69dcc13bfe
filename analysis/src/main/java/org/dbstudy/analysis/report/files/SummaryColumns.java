package org.dbstudy.analysis.report.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.CsvFiles;
import org.dbstudy.vocabulary.CsvTable;
import org.dbstudy.vocabulary.CsvWriter;

/** Columns appended to {@code summary.csv} after it is written: the monitor's, the client's, the verdicts. */
final class SummaryColumns {
    /** One row's new fields, in the order of the columns; the table for reading the row's other columns. */
    interface Fields {
        List<String> of(CsvTable summary, CsvTable.Row row);
    }

    private SummaryColumns() {
    }

    /** Rewrites {@code summaryCsv} with {@code columns} after its own, each row's fields from {@code fields}. */
    static void append(Path summaryCsv, List<String> columns, Fields fields) throws IOException, AnalysisInputException {
        CsvTable summary = CsvFiles.read(summaryCsv, "cell");
        List<String> header = new ArrayList<>(summary.header());
        header.addAll(columns);
        try (CsvWriter w = new CsvWriter(summaryCsv, header)) {
            for (CsvTable.Row row : summary.rows()) {
                List<String> out = new ArrayList<>(row.fields());
                out.addAll(fields.of(summary, row));
                w.row(out);
            }
        }
    }
}
