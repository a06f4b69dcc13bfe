package org.dbstudy.analysis;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes a CSV file: a header and rows, fields quoted only when they hold a comma, quote or newline. */
final class CsvWriter implements AutoCloseable {
    private final BufferedWriter out;

    CsvWriter(Path file, List<String> header) throws IOException {
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        row(header);
    }

    void row(List<String> fields) throws IOException {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                out.write(',');
            }
            out.write(quote(fields.get(i)));
        }
        out.write('\n');
    }

    static String quote(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0 && field.indexOf('\r') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
