package org.dbstudy.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.vocabulary.files.Csv;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.ManifestColumns;
import org.dbstudy.vocabulary.RunFolder;
import org.dbstudy.vocabulary.files.ReportFiles;

/**
 * Output directories of {@code dbstudy run} (each with {@code manifest.csv} and {@code results/})
 * given to {@code analyze}. One is analysed with its own manifest. Several are combined into one
 * manifest with a {@code target} column: each directory is a target named after the directory, or
 * after NAME when given as {@code NAME=DIR}, and the first target is the speedup baseline unless
 * --baseline names another (study S4 compares two server versions this way). Directories with the
 * same target name are replicate runs of that target: their runs of a cell become replicates of
 * one cell, so intervals come from the variation between runs. Each directory's
 * {@code environment.json} is copied to {@code environments/NN-NAME.json} for the report (NAME:
 * the target, with a replicate number and the directory name when there are several).
 */
final class RunDirectories {
    private RunDirectories() {
    }

    static boolean isRun(Path p) {
        return Files.isRegularFile(p.resolve(RunFolder.MANIFEST)) && Files.isDirectory(p.resolve(RunFolder.RESULTS));
    }

    /** A run directory and the target it stands for. */
    record Run(String target, Path dir) {
    }

    /** The run directories named by {@code --results}, or an empty list when any is not one. */
    static List<Run> runs(List<Path> results) {
        List<Run> runs = new ArrayList<>();
        for (Path p : results) {
            String text = p.toString();
            int eq = text.indexOf('=');
            if (isRun(p)) {
                runs.add(new Run(p.toAbsolutePath().normalize().getFileName().toString(), p));
            } else if (eq > 0 && isRun(Path.of(text.substring(eq + 1)))) {
                runs.add(new Run(text.substring(0, eq), Path.of(text.substring(eq + 1))));
            } else {
                return List.of();
            }
        }
        return runs;
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
    static Inputs combine(List<Run> runs, Path work) throws IOException {
        if (runs.size() == 1) {
            Path dir = runs.get(0).dir();
            return new Inputs(List.of(dir.resolve(RunFolder.RESULTS)), dir.resolve(RunFolder.MANIFEST));
        }
        Map<String, Integer> dirsPerTarget = new LinkedHashMap<>();
        runs.forEach(r -> dirsPerTarget.merge(r.target(), 1, Integer::sum));
        Map<String, Integer> seenPerTarget = new LinkedHashMap<>();
        Map<String, Integer> replicatesPerCell = new LinkedHashMap<>();
        Path results = Files.createDirectories(work.resolve(RunFolder.RESULTS));
        Path environments = Files.createDirectories(work.resolve(ReportFiles.ENVIRONMENTS));
        List<String> header = null;
        List<String> rows = new ArrayList<>();
        int index = 0;
        for (Run run : runs) {
            String target = run.target();
            int k = seenPerTarget.merge(target, 1, Integer::sum);
            // Replicate directories of one target need file names that tell them apart.
            String prefix = dirsPerTarget.get(target) == 1 ? target : target + "-" + k;
            CsvTable manifest = readManifest(run.dir().resolve(RunFolder.MANIFEST));
            List<String> factors = new ArrayList<>(ManifestColumns.factors(manifest.header()));
            factors.remove(ManifestColumns.TARGET);
            if (header == null) {
                header = factors;
            } else if (!header.equals(factors)) {
                throw new UserError("--results " + run.dir() + ": its factors " + factors + " differ from " + header
                        + "; only runs of the same study can be compared");
            }
            for (CsvTable.Row r : manifest.rows()) {
                List<String> row = new ArrayList<>();
                String cell = target + "-" + r.get(ManifestColumns.CELL);
                row.add(cell);
                row.add(Integer.toString(replicatesPerCell.merge(cell, 1, Integer::sum)));
                row.add(RunFolder.plan(prefix + "-" + RunFolder.base(r.get(ManifestColumns.PLAN))));
                row.add(target);
                for (String factor : factors) {
                    row.add(r.get(factor));
                }
                rows.add(Csv.join(row));
            }
            try (Stream<Path> files = Files.list(run.dir().resolve(RunFolder.RESULTS))) {
                for (Path jtl : files.filter(Files::isRegularFile).toList()) {
                    Files.createSymbolicLink(results.resolve(prefix + "-" + jtl.getFileName()), jtl.toAbsolutePath());
                }
            }
            Path environment = run.dir().resolve(RunFolder.ENVIRONMENT);
            if (Files.isRegularFile(environment)) {
                // The report's column: the target (and replicate), with the directory when its name differs.
                String dirName = run.dir().toAbsolutePath().normalize().getFileName().toString();
                String column = dirName.equals(prefix) ? prefix : prefix + " (" + dirName + ")";
                Files.copy(environment, environments.resolve(ReportFiles.environmentFile(++index, column)));
            }
        }
        List<String> fullHeader = new ArrayList<>(ManifestColumns.FIXED);
        fullHeader.add(ManifestColumns.TARGET);
        fullHeader.addAll(header);
        Path manifest = work.resolve(RunFolder.MANIFEST);
        Files.writeString(manifest, Csv.join(fullHeader) + "\n" + String.join("\n", rows) + "\n", StandardCharsets.UTF_8);
        return new Inputs(List.of(results), manifest);
    }
}
