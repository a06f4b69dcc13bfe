package org.dbstudy.analysis.judging;

import java.util.List;
import java.util.Optional;
import org.dbstudy.vocabulary.Claim;

/**
 * An INDISTINGUISHABLE claim: a / b within the band [low, high], shown by two one-sided tests (TOST,
 * Schuirmann 1987): the ratio's 90% interval (geometric mean over matched pairs, delta method, see
 * {@link MatchedRatio}) lies inside the band, so each one-sided test rejects "outside" at 5%. Its 95% interval
 * wholly outside the band is a difference: does not hold. In between it is undecided and says which way
 * the point leans.
 */
final class EquivalenceJudge {
    /** TOST at α = 0.05 per side: the 1 − 2α interval. */
    static final double TOST_CONFIDENCE = 0.90;
    static final double CONFIDENCE = 0.95;

    private EquivalenceJudge() {
    }

    static Judgement judge(Claim c, List<String> factors, List<CellEstimate> cells) {
        Optional<MatchedRatio> found = MatchedRatio.of(CellEstimate.pairs(cells, factors, c.a(), c.b()));
        String what = c.metric().id() + " " + Claim.describe(c.a(), factors) + " / " + Claim.describe(c.b(), factors);
        if (found.isEmpty()) {
            return new Judgement(c, Verdict.NOT_TESTABLE, "", "no pair of cells " + what
                    + " with the same other levels has a defined ratio");
        }
        MatchedRatio r = found.get();
        String band = "claimed indistinguishable: within " + ClaimJudge.num(c.low()) + " to " + ClaimJudge.num(c.high());
        if (!r.hasInterval()) {
            return new Judgement(c, Verdict.UNDECIDED, r.words(TOST_CONFIDENCE), what + " = " + ClaimJudge.num(r.ratio())
                    + " (" + r.pairWords() + "); " + band + "; " + c.metric().id() + " has no interval here and"
                    + " equivalence needs one; the point leans " + (inside(r.ratio(), c) ? "inside" : "outside"));
        }
        String base = what + " = " + r.words(TOST_CONFIDENCE) + " (90% interval, TOST; " + r.pairWords() + "); " + band;
        Verdict v = decide(r, c.low(), c.high());
        String why = switch (v) {
            case HOLDS -> ": the 90% interval is inside the band (both one-sided tests reject at 5%)";
            case DOES_NOT_HOLD -> ": the 95% interval " + r.words(CONFIDENCE) + " lies outside the band";
            default -> ": the interval reaches past the band; the point leans " + (inside(r.ratio(), c)
                    ? "inside; " + Advice.replicates(r.halfWidth(TOST_CONFIDENCE), distanceInside(r, c), r.runs(),
                            r.runs() >= 2 ? Estimate.Source.BETWEEN_RUNS : Estimate.Source.TIME_BATCHES)
                    : "outside");
        };
        return new Judgement(c, v, r.words(TOST_CONFIDENCE), base + why);
    }

    /** TOST's verdict on a ratio for the band [low, high]. */
    static Verdict decide(MatchedRatio r, double low, double high) {
        double[] tost = r.interval(TOST_CONFIDENCE);
        if (tost[0] > low && tost[1] < high) {
            return Verdict.HOLDS;
        }
        double[] ci = r.interval(CONFIDENCE);
        return ci[1] < low || ci[0] > high ? Verdict.DOES_NOT_HOLD : Verdict.UNDECIDED;
    }

    private static boolean inside(double x, Claim c) {
        return x > c.low() && x < c.high();
    }

    /** How far the point is inside the band on the log scale, from its nearer edge. */
    private static double distanceInside(MatchedRatio r, Claim c) {
        return Math.min(r.log() - Math.log(c.low()), Math.log(c.high()) - r.log());
    }
}
