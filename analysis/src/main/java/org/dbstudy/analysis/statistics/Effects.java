package org.dbstudy.analysis.statistics;

import java.util.ArrayList;
import java.util.List;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.StudyDesign;
import org.dbstudy.vocabulary.DesignColumn;
import org.dbstudy.vocabulary.FractionalDesign;

/**
 * The effects a two-level fractional design estimates, from the cells' values of each
 * {@link DesignMetric}: every main effect, then every two-factor interaction whose alias chain holds no
 * main effect, once per chain (a chain {@code AB = CD} is one estimate, listed under its first
 * interaction). Effect = mean over the + cells − mean over the − cells; a cell without analysed samples
 * makes the effects NaN.
 */
public final class Effects {
    private Effects() {
    }

    public static List<Effect> estimate(StudyDesign design, List<CellResult> cells) {
        FractionalDesign d = design.fractional();
        if (d == null) {
            return List.of();
        }
        List<Effect> out = new ArrayList<>();
        for (DesignMetric metric : DesignMetric.values()) {
            for (int term : terms(d)) {
                out.add(effect(design, cells, metric, term));
            }
        }
        return out;
    }

    /** Main effects A, B, …, then the two-factor interactions that are not aliased with a main effect or an earlier one. */
    static List<Integer> terms(FractionalDesign d) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < d.factors(); i++) {
            out.add(1 << i);
        }
        List<Integer> seen = new ArrayList<>(out);
        for (int i = 0; i < d.factors(); i++) {
            for (int j = i + 1; j < d.factors(); j++) {
                int term = 1 << i | 1 << j;
                boolean earlier = d.aliases(term).stream().anyMatch(a -> seen.contains(a.mask()));
                if (!earlier) {
                    out.add(term);
                }
                seen.add(term);
            }
        }
        return out;
    }

    private static Effect effect(StudyDesign design, List<CellResult> cells, DesignMetric metric, int term) {
        double sumHigh = 0;
        double sumLow = 0;
        int nHigh = 0;
        int nLow = 0;
        for (CellResult c : cells) {
            if (!(design.point(c.name()) instanceof DesignColumn.Fractional p)) {
                continue;
            }
            double v = metric.of(c);
            if (FractionalDesign.sign(term, p.high()) > 0) {
                sumHigh += v;
                nHigh++;
            } else {
                sumLow += v;
                nLow++;
            }
        }
        double meanHigh = sumHigh / nHigh;
        double meanLow = sumLow / nLow;
        boolean main = Integer.bitCount(term) == 1;
        int letter = Integer.numberOfTrailingZeros(term);
        return new Effect(metric, term, FractionalDesign.letters(term), design.factorsOf(term),
                main ? design.low().get(letter) : "", main ? design.high().get(letter) : "",
                design.fractional().aliases(term), meanLow, meanHigh, meanHigh - meanLow, nLow, nHigh);
    }
}
