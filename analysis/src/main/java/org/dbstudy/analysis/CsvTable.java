package org.dbstudy.analysis;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A small CSV file (manifest, run status) read whole: a header and rows of strings with their lines. */
record CsvTable(Path file, List<String> header, List<Row> rows) {

    record Row(long line, List<String> fields) {
    }

    static CsvTable read(Path file, String... requiredColumns) throws IOException, AnalysisInputException {
        try (InputStream in = Files.newInputStream(file)) {
            return read(file, in, requiredColumns);
        } catch (CsvTokenizer.RecordTooLong e) {
            throw e.inputError(file);
        }
    }

    private static CsvTable read(Path file, InputStream in, String... requiredColumns)
            throws IOException, AnalysisInputException {
        CsvTokenizer csv = new CsvTokenizer(in, (byte) ',');
        if (!csv.next()) {
            throw new AnalysisInputException(file, 1, "header", "empty file; expected a header with "
                    + String.join(",", requiredColumns));
        }
        List<String> header = fields(csv);
        for (String required : requiredColumns) {
            if (!header.contains(required)) {
                throw new AnalysisInputException(file, 1, "header", "no '" + required + "' column in '"
                        + String.join(",", header) + "'; expected " + String.join(",", requiredColumns) + ",...");
            }
        }
        List<Row> rows = new ArrayList<>();
        while (csv.next()) {
            if (csv.fieldCount() != header.size()) {
                throw new AnalysisInputException(file, csv.recordLine(), "fields", csv.fieldCount()
                        + " fields where the header has " + header.size());
            }
            rows.add(new Row(csv.recordLine(), fields(csv)));
        }
        if (csv.cutOff()) {
            throw new AnalysisInputException(file, csv.cutOffLine(), "line", "incomplete last line; "
                    + "every row must end with a newline");
        }
        return new CsvTable(file, List.copyOf(header), List.copyOf(rows));
    }

    int column(String name) {
        return header.indexOf(name);
    }

    private static List<String> fields(CsvTokenizer csv) {
        List<String> fields = new ArrayList<>(csv.fieldCount());
        for (int f = 0; f < csv.fieldCount(); f++) {
            fields.add(csv.string(f).trim());
        }
        return fields;
    }
}
