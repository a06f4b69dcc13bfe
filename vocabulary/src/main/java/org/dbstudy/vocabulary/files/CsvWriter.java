package org.dbstudy.vocabulary.files;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes a CSV file in UTF-8: a header, then rows, quoted as {@link Csv#quote} says. */
public final class CsvWriter implements AutoCloseable {
    private final BufferedWriter out;

    public CsvWriter(Path file, List<String> header) throws IOException {
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        row(header);
    }

    public void row(List<String> fields) throws IOException {
        out.write(Csv.join(fields));
        out.write('\n');
    }

    /** What is written so far on disk: a file read while it grows (the monitor's, per interval) stays whole. */
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
