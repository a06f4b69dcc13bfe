package org.dbstudy.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.dbstudy.vocabulary.ManifestColumns;

/**
 * The manifest {@code analyze --results} uses when no {@code --manifest} is given: the
 * {@code manifest.csv} beside the results or one or two directories above them (a run's
 * {@code OUT/results/…} has it in {@code OUT}). Without one, samples are pooled by label across
 * every file, which turns a study's cells into one group per label: {@link #POOLING} says so.
 */
final class ManifestFinder {
    /** What analysing without a manifest does, for the warning. */
    static final String POOLING = "samples are pooled by label across every result file (all 'read' samples"
            + " of every cell become one group), not kept apart per cell; give --manifest OUT/manifest.csv (written"
            + " by 'dbstudy generate' or 'run') for one row per cell with its factor levels";

    private ManifestFinder() {
    }

    /** The one manifest.csv found for all of {@code results}; empty when none is, or when they lead to different ones. */
    static Optional<Path> find(List<Path> results) {
        Set<Path> found = new LinkedHashSet<>();
        for (Path p : results) {
            Optional<Path> manifest = near(p.toAbsolutePath().normalize());
            if (manifest.isEmpty()) {
                return Optional.empty();
            }
            found.add(manifest.get());
        }
        return found.size() == 1 ? Optional.of(found.iterator().next()) : Optional.empty();
    }

    private static Optional<Path> near(Path result) {
        Path dir = Files.isDirectory(result) ? result : result.getParent();
        for (int up = 0; dir != null && up <= 2; up++, dir = dir.getParent()) {
            Path manifest = dir.resolve(ManifestColumns.FILE_NAME);
            if (Files.isRegularFile(manifest)) {
                return Optional.of(manifest);
            }
        }
        return Optional.empty();
    }
}
