package org.dbstudy.analysis.reading;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Expands the results option into files. Named files are taken as given. Directories are
 * searched (recursively, in name order) for {@code *.jtl}, {@code *.jtl.gz}, {@code *.csv},
 * {@code *.xml} and {@code *.jtl.partial-N}, leaving out {@code manifest.csv},
 * {@code run-status.csv} and CSVs without an {@code elapsed} column (reports, not results).
 */
public final class InputFiles {
    private InputFiles() {
    }

    public static List<Path> collect(List<Path> results) throws IOException, AnalysisInputException {
        Set<Path> files = new LinkedHashSet<>();
        for (Path p : results) {
            if (Files.isDirectory(p)) {
                for (Path f : inside(p)) {
                    if (!ResultNames.isCsv(f) || JtlFile.csvHeaderHasElapsed(f)) {
                        files.add(f.normalize());
                    }
                }
            } else if (Files.isRegularFile(p)) {
                files.add(p.normalize());
            } else {
                throw new AnalysisInputException(p, 1, "results", "no such file or directory; give JTL files "
                        + "or directories that hold them");
            }
        }
        if (files.isEmpty()) {
            throw new AnalysisInputException(results.isEmpty() ? Path.of(".") : results.get(0), 1, "results",
                    "no result files found; expected *.jtl, *.jtl.gz, *.csv or *.xml");
        }
        return new ArrayList<>(files);
    }

    private static List<Path> inside(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).filter(ResultNames::looksLikeResult).sorted().toList();
        }
    }
}
