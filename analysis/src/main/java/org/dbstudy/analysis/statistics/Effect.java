package org.dbstudy.analysis.statistics;

import java.util.List;
import org.dbstudy.vocabulary.FractionalDesign;

/**
 * One estimated effect of a two-level fractional design on one metric: {@code effect = meanHigh −
 * meanLow}, the mean of the metric over the cells where the term's sign is + minus the mean over those
 * where it is −. The estimate is also that of every alias (the term times each word of the defining
 * relation, with its sign): the design cannot tell them apart.
 *
 * @param term    the effect's letters as a mask (A = bit 0)
 * @param name    its letters, e.g. {@code A} or {@code AB}
 * @param factors the factors it names, e.g. {@code users} or {@code users×rows}
 * @param low     for a main effect the factor's − level, else empty
 * @param high    for a main effect the factor's + level, else empty
 * @param aliases the effects estimated together with it, shortest first
 */
public record Effect(DesignMetric metric, int term, String name, String factors, String low, String high,
                     List<FractionalDesign.Term> aliases, double meanLow, double meanHigh, double effect, int cellsLow,
                     int cellsHigh) {
    public Effect {
        aliases = List.copyOf(aliases);
    }

    /** Main effects have one letter; interactions more. */
    public boolean main() {
        return Integer.bitCount(term) == 1;
    }
}
