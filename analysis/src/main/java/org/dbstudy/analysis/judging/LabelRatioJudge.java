package org.dbstudy.analysis.judging;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.vocabulary.Claim;

/**
 * A LABEL_RATIO claim: inside each cell, {@code label}'s metric over {@code versus}'s (an analytic query
 * against the transactions, a statement's time as a share of its transaction's, measured with
 * {@code sub_results: true}), the geometric mean over the cells of {@code where} ({@link MatchedRatio}). Holds
 * when its 95% interval lies inside [low, high], does not hold when it lies wholly outside, else undecided;
 * a label's metric without an interval is judged on its point, and says so.
 */
final class LabelRatioJudge {
    static final double CONFIDENCE = 0.95;

    private LabelRatioJudge() {
    }

    static Judgement judge(Claim c, List<CellResult> cells) {
        List<Estimate[]> pairs = new ArrayList<>();
        for (CellResult cell : cells) {
            pairs.add(new Estimate[] {Estimate.of(cell, c.metric(), c.label()), Estimate.of(cell, c.metric(), c.versus())});
        }
        Optional<MatchedRatio> found = MatchedRatio.of(pairs);
        String what = c.metric().id() + " of " + c.label() + " / " + c.versus();
        if (found.isEmpty()) {
            List<String> labels = cells.stream().flatMap(cell -> java.util.stream.Stream.concat(cell.labels().keySet().stream(),
                    cell.subResults().keySet().stream())).distinct().sorted().toList();
            return new Judgement(c, Verdict.NOT_TESTABLE, "", "no cell has samples of both " + c.label() + " and "
                    + c.versus() + " (labels here: " + (labels.isEmpty() ? "none" : String.join(", ", labels)) + ")");
        }
        MatchedRatio r = found.get();
        String base = what + " = " + r.words(CONFIDENCE) + " (" + (r.hasInterval() ? "95% interval, " : "")
                + (r.pairs() == 1 ? "one cell" : "geometric mean over " + r.pairs() + " cells, each "
                + ClaimJudge.num(r.min()) + " to " + ClaimJudge.num(r.max())) + "); claimed within "
                + ClaimJudge.num(c.low()) + " to " + ClaimJudge.num(c.high());
        double[] i = r.hasInterval() ? r.interval(CONFIDENCE) : new double[] {r.ratio(), r.ratio()};
        String on = r.hasInterval() ? "" : "; judged on the point: a label's " + c.metric().id() + " has no interval here";
        if (ClaimJudge.inside(i[0], c.low(), c.high()) && ClaimJudge.inside(i[1], c.low(), c.high())) {
            return new Judgement(c, Verdict.HOLDS, r.words(CONFIDENCE), base + ": inside" + on);
        }
        if (i[1] < c.low() || i[0] > c.high()) {
            return new Judgement(c, Verdict.DOES_NOT_HOLD, r.words(CONFIDENCE), base + ": outside" + on);
        }
        return new Judgement(c, Verdict.UNDECIDED, r.words(CONFIDENCE), base + ": the interval crosses a bound; the"
                + " point leans " + (ClaimJudge.inside(r.ratio(), c.low(), c.high()) ? "inside" : "outside"));
    }
}
