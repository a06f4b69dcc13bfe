package org.dbstudy.cli.maven;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dbstudy.vocabulary.files.Csv;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.ManifestColumns;

/**
 * Whether a run took its cells in {@code manifest.csv}'s order (replicates and a shuffled
 * {@code order: random} included): each cell's JTL must start after the JTL of the row before it. The
 * main job checks it after every {@code mvn verify}, so a runner that took the plans in another order
 * (as jmeter-maven-plugin's folder scan did) fails the build instead of giving other numbers.
 */
final class RunOrder {
    private RunOrder() {
    }

    /** One line per row whose JTL starts before the row above it, or has no sample; empty when in order. */
    static List<String> problems(Path manifest, Path results, String extension) throws IOException, CsvFileException {
        List<String> problems = new ArrayList<>();
        String previous = null;
        long previousStart = Long.MIN_VALUE;
        for (CsvTable.Row row : CsvTable.read(manifest, ManifestColumns.PLAN).rows()) {
            String base = ManifestColumns.planBase(row.get(ManifestColumns.PLAN));
            Path jtl = results.resolve(base + extension);
            Long start = firstTimestamp(jtl);
            if (start == null) {
                problems.add(jtl + " has no sample");
                continue;
            }
            if (start < previousStart) {
                problems.add(base + " started before " + previous + ", which manifest.csv lists first");
            }
            previous = base;
            previousStart = start;
        }
        return problems;
    }

    /** The timeStamp of a CSV JTL's first sample (setUp included), or null when it has none. */
    static Long firstTimestamp(Path jtl) throws IOException {
        if (!Files.isRegularFile(jtl)) {
            return null;
        }
        try (BufferedReader in = Files.newBufferedReader(jtl, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            String first = in.readLine();
            if (header == null || first == null) {
                return null;
            }
            int column = Csv.split(header).indexOf("timeStamp");
            List<String> fields = Csv.split(first);
            try {
                return column < 0 || column >= fields.size() ? null : Long.parseLong(fields.get(column));
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }
}
