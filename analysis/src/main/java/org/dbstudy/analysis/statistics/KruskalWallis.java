package org.dbstudy.analysis.statistics;

import java.util.List;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.dbstudy.analysis.cells.Distinct;

/**
 * Kruskal-Wallis H test (Commons Statistics 1.2 has none): H = 12/(N(N+1)) Σ R²/n − 3(N+1),
 * divided by the tie factor; p = chi-squared(k − 1) survival probability, which keeps tiny
 * p-values that 1 − cdf would round to 0. Effect size ε² = H / ((N² − 1)/(N + 1)).
 */
public final class KruskalWallis {
    private KruskalWallis() {
    }

    /** Groups must be non-empty, at least two, with at least two observations in total. Effect size: ε². */
    public static RankTest test(List<Distinct> groups) {
        RankSums r = RankSums.of(groups);
        double nTotal = r.total();
        double sum = 0;
        for (int g = 0; g < groups.size(); g++) {
            sum += r.rankSum()[g] * r.rankSum()[g] / r.n()[g];
        }
        double h = (12 / (nTotal * (nTotal + 1)) * sum - 3 * (nTotal + 1)) / r.tieFactor();
        int df = groups.size() - 1;
        // All values equal: no ranking information, H is 0/0; report no difference.
        if (!Double.isFinite(h)) {
            h = 0;
        }
        h = Math.max(0, h);
        double p = ChiSquaredDistribution.of(df).survivalProbability(h);
        double epsilonSquared = h / ((nTotal * nTotal - 1) / (nTotal + 1));
        return new RankTest(h, df, p, epsilonSquared, r.total());
    }
}
