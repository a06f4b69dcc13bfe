package org.dbstudy.analysis.statistics;

import java.util.List;
import java.util.Optional;
import org.dbstudy.analysis.cells.Manifest;
import org.dbstudy.analysis.reading.AnalysisInputException;

/**
 * Which factor speedups compare and which of its levels is the baseline: the manifest's
 * {@code target} column with its first level, unless the baselineTarget option names a level
 * ({@code mysql}) or a factor and level ({@code version=13}).
 */
public record Comparison(String factor, String baseline) {
    public static final String TARGET = "target";

    public static Optional<Comparison> choose(Manifest manifest, Optional<String> baselineTarget)
            throws AnalysisInputException {
        String factor = TARGET;
        String level = null;
        if (baselineTarget.isPresent()) {
            String option = baselineTarget.get();
            int eq = option.indexOf('=');
            factor = eq < 0 ? TARGET : option.substring(0, eq).trim();
            level = eq < 0 ? option.trim() : option.substring(eq + 1).trim();
        }
        if (!manifest.factors().contains(factor)) {
            if (baselineTarget.isPresent()) {
                throw new AnalysisInputException(manifest.file(), 1, "baselineTarget", "the manifest has no '" + factor
                        + "' column; give a level of the target column or factor=level with one of "
                        + manifest.factors());
            }
            return Optional.empty();
        }
        List<String> levels = manifest.levelsOf(factor);
        if (level == null) {
            level = levels.get(0);
        } else if (!levels.contains(level)) {
            throw new AnalysisInputException(manifest.file(), 1, "baselineTarget", "'" + level
                    + "' is not a level of " + factor + "; valid: " + levels);
        }
        return levels.size() < 2 ? Optional.empty() : Optional.of(new Comparison(factor, level));
    }
}
