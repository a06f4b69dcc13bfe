package org.dbstudy.analysis.statistics;

import java.util.List;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.StudyDesign;

/**
 * What the study's design lets the analysis say beyond per-cell numbers: a fractional design's effects
 * with their aliases, or a one-factor-at-a-time design's cells against the baseline. Empty lists for a
 * full factorial.
 */
public record DesignResult(StudyDesign design, List<Effect> effects, List<ConfigurationChange> changes) {
    public static final DesignResult FULL = new DesignResult(StudyDesign.FULL, List.of(), List.of());

    public DesignResult {
        effects = List.copyOf(effects);
        changes = List.copyOf(changes);
    }

    public static DesignResult of(StudyDesign design, List<String> factors, List<CellResult> cells) {
        return new DesignResult(design, Effects.estimate(design, cells), ConfigurationChanges.of(factors, design, cells));
    }
}
