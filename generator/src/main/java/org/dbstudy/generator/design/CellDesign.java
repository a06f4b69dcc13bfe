package org.dbstudy.generator.design;

import java.util.List;
import java.util.Map;

/**
 * Which combinations of the factors' levels a study runs (the study file's {@code design:}): the
 * full factorial, one factor at a time from a baseline, or a two-level fractional factorial. Each
 * is checked against the study's factors when the cells are expanded, because command-line
 * overrides may change those factors after the file was read.
 */
public sealed interface CellDesign permits FullFactorial, OneFactorAtATime, FractionalFactorial {
    CellDesign FULL_FACTORIAL = new FullFactorial();

    /** The study file's {@code design.type}. */
    String type();

    /** The combinations in design order, and the design with everything it chose made explicit. */
    Expansion expand(Design d) throws StudyFileException;

    /**
     * One combination of levels (factor name as declared → level, in factor order) and its place in the
     * design as the manifest's {@code design} column writes it; empty for a full factorial.
     */
    record Combination(Map<String, String> levels, String point) {
    }

    record Expansion(List<Combination> combinations, CellDesign effective) {
        public Expansion {
            combinations = List.copyOf(combinations);
        }
    }
}
