package org.dbstudy.analysis.adaptive;

import java.util.Locale;
import org.dbstudy.analysis.judging.Judgement;
import org.dbstudy.analysis.judging.Verdict;
import org.dbstudy.vocabulary.Claim;

/**
 * Where one claim stands in a sequential procedure: decided at a look (kept from then on), or still open after
 * the last look so far with the way its point estimate leans.
 *
 * @param look       the look that decided it, or the last look that judged it while open
 * @param alpha      that look's error rate (its share of the study's)
 * @param replicates the fewest runs of any cell the claim reads, at that look
 * @param seconds    seconds from the run's start to that look
 * @param lean       for an open claim, the verdict its point alone gives (undecided: on the bound); else the verdict
 */
public record ClaimDecision(Claim claim, Judgement judgement, boolean decided, int look, double alpha, int replicates,
                            double seconds, Verdict lean) {

    /** Whether more replicates may still decide it: undecided and not yet closed. */
    public boolean open() {
        return !decided && judgement.verdict() == Verdict.UNDECIDED;
    }

    /**
     * "decided at look 2 of at most 10 (α 0.0087 there), 4 replicates per cell, 3 min 20 s into the run", or
     * "still undecided after look 4 of at most 10, ...; leans holds"; empty for a claim that is not testable.
     */
    public String words(int maxLooks) {
        if (judgement.verdict() == Verdict.NOT_TESTABLE) {
            return "";
        }
        String at = "look " + look + " of at most " + maxLooks + " (α " + String.format(Locale.ROOT, "%.2g", alpha)
                + " there), " + replicates + (replicates == 1 ? " replicate" : " replicates") + " per cell, "
                + duration(seconds) + " into the run";
        if (decided) {
            return "decided at " + at;
        }
        return "still undecided after " + at + "; " + (lean == Verdict.UNDECIDED ? "the point sits on the bound"
                : "leans " + lean.words());
    }

    /** "1 h 5 min", "3 min 20 s", "45 s". */
    public static String duration(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format(Locale.ROOT, "%d h %d min", s / 3600, s % 3600 / 60)
                : s >= 60 ? String.format(Locale.ROOT, "%d min %d s", s / 60, s % 60) : s + " s";
    }
}
