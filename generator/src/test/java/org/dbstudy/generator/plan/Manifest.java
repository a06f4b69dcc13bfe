package org.dbstudy.generator.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** manifest.csv as rows of column → value (the generated values never need CSV quotes in these tests). */
final class Manifest {
    private Manifest() {
    }

    static List<Map<String, String>> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file);
        String[] header = lines.get(0).split(",", -1);
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            if (cells.length != header.length) {
                throw new AssertionError("row has " + cells.length + " columns, header " + header.length + ": " + line);
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], cells[i]);
            }
            rows.add(row);
        }
        return rows;
    }

    static List<String> header(Path file) throws IOException {
        return List.of(Files.readAllLines(file).get(0).split(",", -1));
    }
}
