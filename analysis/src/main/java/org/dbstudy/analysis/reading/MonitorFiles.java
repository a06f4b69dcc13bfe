package org.dbstudy.analysis.reading;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The study's monitor files that belong to a cell, each read once ({@link MonitorFile}), by cell: the
 * summary's server columns and the server figures both take them from here. Made only by
 * {@link #read}, so the list of all files cannot disagree with the cells'.
 */
public final class MonitorFiles {
    /** Each cell's files in the order listed (by name), cells in the order first met. */
    private final Map<String, List<MonitorFile>> byCell;
    /** Every file that belongs to a cell, cell by cell: made once, not once per figure. */
    private final List<MonitorFile> all;

    private MonitorFiles(Map<String, List<MonitorFile>> byCell) {
        this.byCell = byCell;
        this.all = byCell.values().stream().flatMap(List::stream).toList();
    }

    /**
     * The monitor files of a study directory whose cell {@code cellOf} names (those it does not are
     * not read); empty when the directory has none at all.
     */
    public static Optional<MonitorFiles> read(Path studyDir, Function<Path, Optional<String>> cellOf)
            throws IOException, AnalysisInputException {
        List<Path> files = MonitorFile.list(studyDir);
        if (files.isEmpty()) {
            return Optional.empty();
        }
        Map<String, List<MonitorFile>> byCell = new LinkedHashMap<>();
        for (Path file : files) {
            Optional<String> cell = cellOf.apply(file);
            if (cell.isPresent()) {
                byCell.computeIfAbsent(cell.get(), k -> new ArrayList<>()).add(MonitorFile.read(file));
            }
        }
        byCell.replaceAll((cell, list) -> List.copyOf(list));
        return Optional.of(new MonitorFiles(Collections.unmodifiableMap(byCell)));
    }

    /**
     * Only the files that watched a run analysed here: a cell's file is kept when one of the cell's runs
     * ({@code runStarts}: each run's first sample, epoch ms) started within its span. A file of the same name
     * from another run (the study's, when a re-run of one plan is analysed with its manifest) says nothing
     * about this run, nor about a cell with no samples.
     */
    public MonitorFiles ofRuns(Function<String, List<Long>> runStarts) {
        Map<String, List<MonitorFile>> kept = new LinkedHashMap<>();
        byCell.forEach((cell, files) -> {
            List<Long> starts = runStarts.apply(cell);
            List<MonitorFile> watched = files.stream().filter(f -> starts.stream().anyMatch(f::watched)).toList();
            if (!watched.isEmpty()) {
                kept.put(cell, watched);
            }
        });
        return new MonitorFiles(Collections.unmodifiableMap(kept));
    }

    /** A cell's files; none for a cell the monitor did not record. */
    public List<MonitorFile> of(String cell) {
        return byCell.getOrDefault(cell, List.of());
    }

    /** Every file that belongs to a cell, cell by cell. */
    public List<MonitorFile> all() {
        return all;
    }
}
