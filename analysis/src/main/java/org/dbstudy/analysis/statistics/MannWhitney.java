package org.dbstudy.analysis.statistics;

import java.util.List;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.dbstudy.analysis.cells.Distinct;

/**
 * Two-sided Mann-Whitney U test by the normal approximation with tie-corrected variance and
 * continuity correction (as Commons Statistics' MannWhitneyUTest with ASYMPTOTIC p-values),
 * from per-value counts. U is the first group's statistic, U₁ = R₁ − n₁(n₁+1)/2. Effect size:
 * Cliff's delta = P(X > Y) − P(X < Y) = 2U₁/(n₁n₂) − 1.
 */
public final class MannWhitney {
    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    private MannWhitney() {
    }

    /** Effect size: Cliff's delta. */
    public static RankTest test(Distinct a, Distinct b) {
        RankSums r = RankSums.of(List.of(a, b));
        double n1 = r.n()[0];
        double n2 = r.n()[1];
        double nTotal = n1 + n2;
        double u1 = r.rankSum()[0] - n1 * (n1 + 1) / 2;
        double variance = n1 * n2 / 12 * ((nTotal + 1) - r.ties() / (nTotal * (nTotal - 1)));
        double distance = Math.max(0, Math.abs(u1 - n1 * n2 / 2) - 0.5);
        double p = variance <= 0 ? 1 : Math.min(1, 2 * STANDARD_NORMAL.survivalProbability(distance / Math.sqrt(variance)));
        double cliff = 2 * u1 / (n1 * n2) - 1;
        return new RankTest(u1, Double.NaN, p, cliff, r.total());
    }
}
