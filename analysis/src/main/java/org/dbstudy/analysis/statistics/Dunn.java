package org.dbstudy.analysis.statistics;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.dbstudy.analysis.cells.Distinct;

/**
 * Dunn's post-hoc test after Kruskal-Wallis: for groups i and j,
 * z = (R̄ᵢ − R̄ⱼ) / √((N(N+1)/12 − Σ(t³ − t)/(12(N − 1))) (1/nᵢ + 1/nⱼ)), two-sided normal p,
 * ranks taken over all groups together. The statistic column holds z.
 */
public final class Dunn {
    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    private Dunn() {
    }

    /** All pairs i < j in group order (z as the statistic), unadjusted; the caller applies Holm over the family. */
    public static List<RankTest> pairs(List<Distinct> groups) {
        RankSums r = RankSums.of(groups);
        double nTotal = r.total();
        double spread = nTotal * (nTotal + 1) / 12 - r.ties() / (12 * (nTotal - 1));
        List<RankTest> results = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            for (int j = i + 1; j < groups.size(); j++) {
                double se = Math.sqrt(spread * (1.0 / r.n()[i] + 1.0 / r.n()[j]));
                double z = se > 0 ? (r.meanRank(i) - r.meanRank(j)) / se : 0;
                double p = Math.min(1, 2 * STANDARD_NORMAL.survivalProbability(Math.abs(z)));
                results.add(new RankTest(z, Double.NaN, p, Double.NaN, r.n()[i] + r.n()[j]));
            }
        }
        return results;
    }
}
