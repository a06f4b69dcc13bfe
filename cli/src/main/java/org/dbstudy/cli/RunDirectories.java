package org.dbstudy.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.dbstudy.vocabulary.Csv;
import org.dbstudy.vocabulary.CsvFileException;
import org.dbstudy.vocabulary.CsvTable;
import org.dbstudy.vocabulary.ManifestColumns;

/**
 * Output directories of {@code dbstudy run} (each with {@code manifest.csv} and {@code results/})
 * given to {@code analyze}: one is analysed with its own manifest; several are compared, as study S4
 * compares two server versions, through one manifest with a {@code target} column named after each
 * directory (the first is the speedup baseline unless --baseline names another).
 */
final class RunDirectories {
    private RunDirectories() {
    }

    static boolean isRun(Path p) {
        return Files.isRegularFile(p.resolve(ManifestColumns.FILE_NAME)) && Files.isDirectory(p.resolve("results"));
    }

    private static CsvTable readManifest(Path file) throws IOException {
        try {
            return CsvTable.read(file, ManifestColumns.CELL, ManifestColumns.REPLICATE, ManifestColumns.PLAN);
        } catch (CsvFileException e) {
            throw new UserError(e.getMessage());
        }
    }

    /** What to analyse: result paths and the manifest that maps them. */
    record Inputs(List<Path> results, Path manifest) {
    }

    /** Combines the runs into {@code work}: results linked under target-prefixed names, one manifest. */
    static Inputs combine(List<Path> runs, Path work) throws IOException {
        if (runs.size() == 1) {
            return new Inputs(List.of(runs.get(0).resolve("results")), runs.get(0).resolve(ManifestColumns.FILE_NAME));
        }
        Path results = Files.createDirectories(work.resolve("results"));
        List<String> header = null;
        List<String> rows = new ArrayList<>();
        List<String> targets = new ArrayList<>();
        for (Path run : runs) {
            String target = run.toAbsolutePath().normalize().getFileName().toString();
            if (targets.contains(target)) {
                throw new UserError("--results " + run + ": two runs are both named '" + target
                        + "'; their directory names tell them apart in the comparison");
            }
            targets.add(target);
            CsvTable manifest = readManifest(run.resolve(ManifestColumns.FILE_NAME));
            List<String> factors = new ArrayList<>(ManifestColumns.factors(manifest.header()));
            factors.remove(ManifestColumns.TARGET);
            if (header == null) {
                header = factors;
            } else if (!header.equals(factors)) {
                throw new UserError("--results " + run + ": its factors " + factors + " differ from " + header
                        + "; only runs of the same study can be compared");
            }
            for (CsvTable.Row r : manifest.rows()) {
                List<String> row = new ArrayList<>();
                row.add(target + "-" + r.get(ManifestColumns.CELL));
                row.add(r.get(ManifestColumns.REPLICATE));
                row.add("plans/" + target + "-" + ManifestColumns.planBase(r.get(ManifestColumns.PLAN)) + ".jmx");
                row.add(target);
                for (String factor : factors) {
                    row.add(r.get(factor));
                }
                rows.add(Csv.join(row));
            }
            try (Stream<Path> files = Files.list(run.resolve("results"))) {
                for (Path jtl : files.filter(Files::isRegularFile).toList()) {
                    Files.createSymbolicLink(results.resolve(target + "-" + jtl.getFileName()), jtl.toAbsolutePath());
                }
            }
        }
        List<String> fullHeader = new ArrayList<>(ManifestColumns.FIXED);
        fullHeader.add(ManifestColumns.TARGET);
        fullHeader.addAll(header);
        Path manifest = work.resolve(ManifestColumns.FILE_NAME);
        Files.writeString(manifest, Csv.join(fullHeader) + "\n" + String.join("\n", rows) + "\n", StandardCharsets.UTF_8);
        return new Inputs(List.of(results), manifest);
    }
}
