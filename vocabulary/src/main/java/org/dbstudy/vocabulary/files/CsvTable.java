package org.dbstudy.vocabulary.files;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A small CSV file read whole: its header and rows, each row with the line it starts on, fields read
 * by column name. Quoted fields may span lines. Every problem names the file, the line and the field.
 */
public final class CsvTable {
    private final Path file;
    private final List<String> header;
    private final List<Row> rows;

    /** One record and the 1-based line it starts on. */
    public final class Row {
        private final long line;
        private final List<String> fields;

        private Row(long line, List<String> fields) {
            this.line = line;
            this.fields = fields;
        }

        public long line() {
            return line;
        }

        /** The field of a column the header has; "" for a column it lacks. */
        public String get(String column) {
            int i = header.indexOf(column);
            return i < 0 ? "" : fields.get(i);
        }

        public List<String> fields() {
            return fields;
        }
    }

    private CsvTable(Path file, List<String> header, List<List<String>> records, List<Long> lines) {
        this.file = file;
        this.header = List.copyOf(header);
        List<Row> all = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            all.add(new Row(lines.get(i), List.copyOf(records.get(i))));
        }
        this.rows = List.copyOf(all);
    }

    /** Reads {@code file}; its header must have every one of {@code requiredColumns}. */
    public static CsvTable read(Path file, String... requiredColumns) throws IOException, CsvFileException {
        List<List<String>> records = new ArrayList<>();
        List<Long> lines = new ArrayList<>();
        List<String> header = null;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            StringBuilder pending = new StringBuilder();
            long lineNo = 0;
            long recordStart = 0;
            String line;
            while ((line = in.readLine()) != null) {
                lineNo++;
                if (pending.length() == 0) {
                    recordStart = lineNo;
                    if (line.isEmpty()) {
                        continue;
                    }
                } else {
                    pending.append('\n');
                }
                pending.append(line);
                List<String> fields = Csv.split(pending);
                if (fields == null) {
                    continue; // a quoted field goes on
                }
                pending.setLength(0);
                fields.replaceAll(String::trim);
                if (header == null) {
                    header = fields;
                    requireColumns(file, header, requiredColumns);
                } else if (fields.size() != header.size()) {
                    throw new CsvFileException(file, recordStart, "fields", fields.size()
                            + " fields where the header has " + header.size());
                } else {
                    records.add(fields);
                    lines.add(recordStart);
                }
            }
            if (pending.length() > 0) {
                throw new CsvFileException(file, recordStart, "line", "a quoted field is never closed");
            }
        }
        if (header == null) {
            throw new CsvFileException(file, 1, "header", "empty file; expected a header with "
                    + String.join(",", requiredColumns));
        }
        return new CsvTable(file, header, records, lines);
    }

    private static void requireColumns(Path file, List<String> header, String... required) throws CsvFileException {
        for (String column : required) {
            if (!header.contains(column)) {
                throw new CsvFileException(file, 1, "header", "no '" + column + "' column in '"
                        + String.join(",", header) + "'; expected " + String.join(",", required) + ",...");
            }
        }
    }

    public Path file() {
        return file;
    }

    public List<String> header() {
        return header;
    }

    /** The column's index in each row's fields, or -1. */
    public int column(String name) {
        return header.indexOf(name);
    }

    public boolean has(String column) {
        return header.contains(column);
    }

    public List<Row> rows() {
        return rows;
    }
}
