package org.dbstudy.generator.design;

import java.util.Map;

/**
 * One run of a study: a combination of factor levels (in the study's factor order, keyed by the
 * factor names as declared) and a replicate number; {@code planFile} is relative to the output
 * directory, {@code plans/<id>.jmx} or {@code plans/<id>-r<N>.jmx} for replicate N &gt; 1; {@code design}
 * is the cell's place in a design other than the full factorial (the manifest's {@code design} column,
 * see {@link org.dbstudy.vocabulary.DesignColumn}), else empty.
 */
public record Cell(String id, int replicate, String planFile, Map<String, String> factors, Target target,
                   String design) {
    public Cell {
        factors = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(factors));
    }
}
