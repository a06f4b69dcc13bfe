package org.dbstudy.analysis.judging;

import org.dbstudy.vocabulary.Claim;

/**
 * One claim judged: the verdict, our value in words (with its interval when there is one) and why.
 *
 * @param ours        our number(s), e.g. "0.31 [0.25, 0.38]"; empty when not testable
 * @param explanation how the verdict follows, and for undecided ones how many replicates would decide it
 */
public record Judgement(Claim claim, Verdict verdict, String ours, String explanation) {
    /** An expectation of the user's own that the runs contradict: this fails a build. */
    public boolean failsBuild() {
        return claim.origin() == Claim.Origin.EXPECTATION && verdict == Verdict.DOES_NOT_HOLD;
    }

    /** "expect[0] (exp.yaml:10) 'p90 of read < 50 ms': does not hold: …" for consoles and build logs. */
    public String line() {
        String says = claim.says().isEmpty() ? "" : " '" + claim.says() + "'";
        return claim.id() + " (" + claim.source() + ")" + says + ": " + verdict.words()
                + (ours.isEmpty() ? "" : "; ours " + ours) + " - " + explanation;
    }
}
