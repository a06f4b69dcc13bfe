package org.dbstudy.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

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
        return Files.isRegularFile(p.resolve("manifest.csv")) && Files.isDirectory(p.resolve("results"));
    }

    /** What to analyse: result paths and the manifest that maps them. */
    record Inputs(List<Path> results, Path manifest) {
    }

    /** Combines the runs into {@code work}: results linked under target-prefixed names, one manifest. */
    static Inputs combine(List<Path> runs, Path work) throws IOException {
        if (runs.size() == 1) {
            return new Inputs(List.of(runs.get(0).resolve("results")), runs.get(0).resolve("manifest.csv"));
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
            List<String> lines = Files.readAllLines(run.resolve("manifest.csv"), StandardCharsets.UTF_8);
            List<String> runHeader = CsvLine.split(lines.get(0));
            int targetColumn = runHeader.indexOf("target");
            List<String> factors = new ArrayList<>(runHeader.subList(3, runHeader.size()));
            factors.remove("target");
            if (header == null) {
                header = factors;
            } else if (!header.equals(factors)) {
                throw new UserError("--results " + run + ": its factors " + factors + " differ from " + header
                        + "; only runs of the same study can be compared");
            }
            for (String line : lines.subList(1, lines.size())) {
                List<String> f = CsvLine.split(line);
                List<String> row = new ArrayList<>();
                String plan = f.get(2).substring(f.get(2).lastIndexOf('/') + 1);
                row.add(target + "-" + f.get(0));
                row.add(f.get(1));
                row.add("plans/" + target + "-" + plan);
                row.add(target);
                for (int i = 3; i < f.size(); i++) {
                    if (i != targetColumn) {
                        row.add(f.get(i));
                    }
                }
                rows.add(CsvLine.join(row));
            }
            try (Stream<Path> files = Files.list(run.resolve("results"))) {
                for (Path jtl : files.filter(Files::isRegularFile).toList()) {
                    Files.createSymbolicLink(results.resolve(target + "-" + jtl.getFileName()), jtl.toAbsolutePath());
                }
            }
        }
        List<String> fullHeader = new ArrayList<>(List.of("cell", "replicate", "plan", "target"));
        fullHeader.addAll(header);
        Path manifest = work.resolve("manifest.csv");
        Files.writeString(manifest, CsvLine.join(fullHeader) + "\n" + String.join("\n", rows) + "\n", StandardCharsets.UTF_8);
        return new Inputs(List.of(results), manifest);
    }
}
