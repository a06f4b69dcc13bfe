package org.dbstudy.analysis.judging;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dbstudy.vocabulary.Claim;

/**
 * A KNEE claim over an ordered factor: the metric stays flat up to a's level (its ratio to the factor's
 * first level below {@code high}) and rises past it, at b's level (its ratio to a's level above
 * {@code low}); cells matched on the other factors, each ratio with its 95% interval ({@link MatchedRatio}).
 * Holds when both intervals lie on the claimed side, does not hold when either lies wholly on the other,
 * else undecided.
 */
final class KneeJudge {
    static final double CONFIDENCE = 0.95;

    private KneeJudge() {
    }

    static Judgement judge(Claim c, List<String> factors, List<CellEstimate> cells) {
        String factor = c.factor();
        List<String> levels = cells.stream().map(cell -> cell.level(factors, factor)).distinct().toList();
        if (levels.stream().allMatch(ClaimJudge::numeric)) {
            levels = levels.stream().sorted(Comparator.comparingDouble(Double::parseDouble)).toList();
        }
        String first = levels.get(0);
        String flatUpTo = c.a().get(factor);
        String risesAt = c.b().get(factor);
        Optional<MatchedRatio> flat = first.equals(flatUpTo) ? Optional.empty()
                : MatchedRatio.of(CellEstimate.pairs(cells, factors, c.a(), Map.of(factor, first)));
        Optional<MatchedRatio> rise = MatchedRatio.of(CellEstimate.pairs(cells, factors, c.b(), c.a()));
        if (rise.isEmpty() || flat.isEmpty() && !first.equals(flatUpTo)) {
            return new Judgement(c, Verdict.NOT_TESTABLE, "", "no cells of " + factor + "=" + first + ", " + flatUpTo
                    + " and " + risesAt + " with the same other levels have a defined ratio");
        }
        String flatWords = flat.map(r -> c.metric().id() + " " + factor + "=" + flatUpTo + " / " + first + " = "
                + r.words(CONFIDENCE) + ", claimed below " + ClaimJudge.num(c.high())).orElse(factor + "=" + flatUpTo
                + " is the first level");
        String riseWords = c.metric().id() + " " + factor + "=" + risesAt + " / " + flatUpTo + " = "
                + rise.get().words(CONFIDENCE) + ", claimed above " + ClaimJudge.num(c.low());
        String ours = "flat " + flat.map(r -> r.words(CONFIDENCE)).orElse("-") + ", rise " + rise.get().words(CONFIDENCE);
        String base = flatWords + "; " + riseWords + " (95% intervals, " + rise.get().pairWords() + ")";
        if (!rise.get().hasInterval() || flat.isPresent() && !flat.get().hasInterval()) {
            boolean leans = rise.get().ratio() > c.low() && flat.map(r -> r.ratio() < c.high()).orElse(true);
            return new Judgement(c, Verdict.UNDECIDED, ours, base + "; " + c.metric().id() + " has no interval here; the"
                    + " points lean " + (leans ? "to the claim" : "against it"));
        }
        Verdict v = decide(flat.orElse(null), rise.get(), c.high(), c.low());
        String why = switch (v) {
            case HOLDS -> ": flat, then a rise, intervals and all";
            case DOES_NOT_HOLD -> ": " + (flat.isPresent() && flat.get().interval(CONFIDENCE)[0] > c.high()
                    ? "it already rises by " + flatUpTo : "no rise at " + risesAt) + ", interval and all";
            default -> ": an interval crosses its bound";
        };
        return new Judgement(c, v, ours, base + why);
    }

    /**
     * @param flat the ratio at the knee's lower level to the first level (null when it is the first)
     * @param rise the ratio at the knee's upper level to its lower one
     */
    static Verdict decide(MatchedRatio flat, MatchedRatio rise, double flatBelow, double riseAbove) {
        double[] f = flat == null ? new double[] {0, 0} : flat.interval(CONFIDENCE);
        double[] r = rise.interval(CONFIDENCE);
        if (f[0] > flatBelow || r[1] < riseAbove) {
            return Verdict.DOES_NOT_HOLD;
        }
        return f[1] < flatBelow && r[0] > riseAbove ? Verdict.HOLDS : Verdict.UNDECIDED;
    }
}
