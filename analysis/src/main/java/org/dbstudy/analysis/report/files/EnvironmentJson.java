package org.dbstudy.analysis.report.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.vocabulary.RunFolder;
import org.dbstudy.vocabulary.files.EnvironmentFile;
import org.dbstudy.vocabulary.files.ReportFiles;

/**
 * Reads {@code environment.json} (what a run ran on) into flat {@code key → value} pairs, nested objects joined
 * with dots ({@code server.version}), with the vocabulary's {@link EnvironmentFile}; a file that is not one
 * object is an input error naming its line.
 */
public final class EnvironmentJson {
    private EnvironmentJson() {
    }

    /** Files {@code environments/NN-NAME.json} beside a combined manifest: one per compared run. */
    public static final String DIRECTORY = ReportFiles.ENVIRONMENTS;

    /**
     * What the runs of a study ran on, by run name, in order: {@code environments/NN-NAME.json}
     * (several runs compared) or else {@code environment.json} (one run, named "this run").
     */
    public static Map<String, Map<String, String>> readAll(Path studyDir) throws IOException, AnalysisInputException {
        Map<String, Map<String, String>> all = new LinkedHashMap<>();
        Path dir = studyDir.resolve(DIRECTORY);
        if (Files.isDirectory(dir)) {
            List<Path> files;
            try (Stream<Path> list = Files.list(dir)) {
                files = list.filter(p -> ReportFiles.isEnvironmentFile(p.getFileName().toString())).sorted().toList();
            }
            for (Path f : files) {
                all.put(ReportFiles.runOfEnvironmentFile(f.getFileName().toString()), read(f));
            }
        }
        Path single = studyDir.resolve(RunFolder.ENVIRONMENT);
        if (all.isEmpty() && Files.isRegularFile(single)) {
            all.put("this run", read(single));
        }
        return all;
    }

    public static Map<String, String> read(Path file) throws IOException, AnalysisInputException {
        try {
            return EnvironmentFile.flatten(EnvironmentFile.read(Files.readString(file, StandardCharsets.UTF_8)));
        } catch (EnvironmentFile.FormatException e) {
            throw new AnalysisInputException(file, e.line(), "json", e.problem()
                    + "; environment.json must be one JSON object of strings, numbers or nested objects");
        }
    }
}
