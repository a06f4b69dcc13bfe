package org.dbstudy.analysis.judging;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dbstudy.vocabulary.Claim;

/**
 * A BEST claim: the levels of {@code a} (one factor or a combination) give the best metric, highest or
 * lowest ({@link Claim#highestIsBest()}), against every other combination of those factors' levels, cells
 * matched on the other factors. Each rival is a ratio a / rival with its 95% interval ({@link MatchedRatio}).
 * Holds when every interval lies on the better side of 1 (an intersection–union test: each at 2.5% one
 * side, no correction needed); does not hold when some rival beats a with its Bonferroni interval (1 −
 * 0.05 / rivals) wholly on the worse side; else undecided, naming the level that leads.
 */
final class BestLevelJudge {
    static final double CONFIDENCE = 0.95;

    private BestLevelJudge() {
    }

    static Judgement judge(Claim c, List<String> factors, List<CellEstimate> cells) {
        List<String> named = new ArrayList<>(c.a().keySet());
        Map<List<String>, Map<String, String>> rivals = new LinkedHashMap<>();
        for (CellEstimate cell : cells) {
            Map<String, String> levels = new LinkedHashMap<>();
            named.forEach(f -> levels.put(f, cell.level(factors, f)));
            if (!levels.equals(c.a())) {
                rivals.putIfAbsent(List.copyOf(levels.values()), levels);
            }
        }
        boolean highest = c.highestIsBest();
        String claimed = Claim.describe(c.a(), factors);
        if (rivals.isEmpty()) {
            return new Judgement(c, Verdict.NOT_TESTABLE, "", "this run has no level to set against " + claimed);
        }
        List<MatchedRatio> ratios = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Map<String, String> rival : rivals.values()) {
            Optional<MatchedRatio> r = MatchedRatio.of(CellEstimate.pairs(cells, factors, c.a(), rival));
            if (r.isPresent()) {
                ratios.add(r.get());
                names.add(Claim.describe(rival, factors));
            }
        }
        if (ratios.isEmpty()) {
            return new Judgement(c, Verdict.NOT_TESTABLE, "", "no rival of " + claimed
                    + " has a cell with the same other levels and a defined ratio");
        }
        int closest = 0; // the runner-up: the rival nearest to (or past) the claimed level
        for (int i = 1; i < ratios.size(); i++) {
            if (highest ? ratios.get(i).log() < ratios.get(closest).log() : ratios.get(i).log() > ratios.get(closest).log()) {
                closest = i;
            }
        }
        MatchedRatio runnerUp = ratios.get(closest);
        String ours = claimed + " / " + names.get(closest) + " = " + runnerUp.words(CONFIDENCE);
        boolean leads = highest ? runnerUp.log() > 0 : runnerUp.log() < 0;
        String base = c.metric().id() + ": " + claimed + " claimed " + (highest ? "highest" : "lowest") + " among "
                + (ratios.size() + 1) + " levels; against the closest, " + names.get(closest) + ": "
                + runnerUp.words(CONFIDENCE) + " (95% interval, " + runnerUp.pairWords() + ")";
        if (ratios.stream().anyMatch(r -> !r.hasInterval())) {
            return new Judgement(c, Verdict.UNDECIDED, ours, base + "; " + c.metric().id() + " has no interval here; the"
                    + " point " + (leads ? "leans to the claim (the level leads)" : "leans against it: " + names.get(closest) + " leads"));
        }
        Verdict v = decide(ratios, highest);
        String why = switch (v) {
            case HOLDS -> ": every rival's interval lies on the " + (highest ? "lower" : "higher") + " side";
            case DOES_NOT_HOLD -> ": " + names.get(closest) + " is " + (highest ? "higher" : "lower")
                    + ", interval and all (Bonferroni over " + ratios.size() + " rivals)";
            default -> ": the intervals overlap 1; the point " + (leads ? "leans to the claim (the level leads)"
                    : "leans against it: " + names.get(closest) + " leads");
        };
        return new Judgement(c, v, ours, base + why);
    }

    /** The verdict on the claimed level's ratios against each rival. */
    static Verdict decide(List<MatchedRatio> againstRivals, boolean highest) {
        boolean all = againstRivals.stream().allMatch(r -> {
            double[] i = r.interval(CONFIDENCE);
            return highest ? i[0] > 1 : i[1] < 1;
        });
        if (all) {
            return Verdict.HOLDS;
        }
        double bonferroni = 1 - (1 - CONFIDENCE) / againstRivals.size();
        boolean beaten = againstRivals.stream().anyMatch(r -> {
            double[] i = r.interval(bonferroni);
            return highest ? i[1] < 1 : i[0] > 1;
        });
        return beaten ? Verdict.DOES_NOT_HOLD : Verdict.UNDECIDED;
    }
}
