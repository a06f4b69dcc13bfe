package org.dbstudy.analysis.statistics;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.dbstudy.analysis.cells.Manifest;
import org.dbstudy.analysis.reading.AnalysisInputException;

/**
 * Which factor speedups compare and which of its levels is the baseline: the manifest's
 * {@code target} column with its first level, unless the baselineTarget option names a level
 * ({@code mysql}) or a factor and level ({@code version=13}). With one target, a server setting the
 * study varies is the comparison (its first level the baseline): S2 run on MariaDB alone compares the
 * thread pool with one thread per connection.
 */
public record Comparison(String factor, String baseline) {
    public static final String TARGET = org.dbstudy.vocabulary.ManifestColumns.TARGET;
    private static final String SERVER_SETTING = org.dbstudy.vocabulary.ManifestColumns.SERVER_FACTOR_PREFIX;

    public static Optional<Comparison> choose(Manifest manifest, Optional<String> baselineTarget)
            throws AnalysisInputException {
        return choose(manifest.file(), manifest.factors(), manifest::levelsOf, baselineTarget);
    }

    /**
     * The same over any list of factors and their levels in declared order ({@code run} checks its --baseline against
     * the study before any cell runs); a mistake is blamed on {@code file}'s first line.
     */
    public static Optional<Comparison> choose(Path file, List<String> factors, Function<String, List<String>> levelsOf,
            Optional<String> baselineTarget) throws AnalysisInputException {
        String factor = TARGET;
        String level = null;
        if (baselineTarget.isPresent()) {
            String option = baselineTarget.get();
            int eq = option.indexOf('=');
            factor = eq < 0 ? TARGET : option.substring(0, eq).trim();
            level = eq < 0 ? option.trim() : option.substring(eq + 1).trim();
        }
        if (baselineTarget.isEmpty() && (!factors.contains(TARGET) || levelsOf.apply(TARGET).size() < 2)) {
            for (String f : factors) {
                if (f.startsWith(SERVER_SETTING) && levelsOf.apply(f).size() >= 2) {
                    return Optional.of(new Comparison(f, levelsOf.apply(f).get(0)));
                }
            }
        }
        if (!factors.contains(factor)) {
            if (baselineTarget.isPresent()) {
                throw new AnalysisInputException(file, 1, "--baseline", "the manifest has no '" + factor
                        + "' column; give a level of the target column or factor=level with one of "
                        + factors);
            }
            return Optional.empty();
        }
        List<String> levels = levelsOf.apply(factor);
        if (level == null) {
            level = levels.get(0);
        } else if (!levels.contains(level)) {
            throw new AnalysisInputException(file, 1, "--baseline", "'" + level
                    + "' is not a level of " + factor + "; valid: " + levels);
        }
        return levels.size() < 2 ? Optional.empty() : Optional.of(new Comparison(factor, level));
    }
}
