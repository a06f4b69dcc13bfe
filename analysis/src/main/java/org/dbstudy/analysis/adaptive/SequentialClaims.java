package org.dbstudy.analysis.adaptive;

import java.util.ArrayList;
import java.util.List;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.judging.Judgement;
import org.dbstudy.analysis.judging.Reproduction;
import org.dbstudy.analysis.judging.Verdict;
import org.dbstudy.vocabulary.Claim;
import org.dbstudy.vocabulary.files.RunStatusFile;

/**
 * A study's claims judged look after look as replicates are added: at look k every claim still open is judged at
 * look k's share of the error rate ({@link AlphaSpending}); one that holds or does not hold then is decided for
 * good (a later look never reopens it, which is what the union bound over looks counts). A trend claim is judged
 * at half the share per direction, since either direction decides it. Claims that are not testable, or judged
 * as counted (thresholds, metrics without an interval), are settled at their first look: replicates do not
 * change how they are judged.
 */
public final class SequentialClaims {
    private final List<Claim> claims;
    private final AlphaSpending spending;
    private final List<ClaimDecision> state = new ArrayList<>();
    private int looks;

    public SequentialClaims(List<Claim> claims, AlphaSpending spending) {
        this.claims = List.copyOf(claims);
        this.spending = spending;
    }

    /** What a look came to: the claims' states and the cells whose next replicates the open claims need. */
    public record Look(int number, double alpha, List<ClaimDecision> claims, List<String> cells, boolean last) {
        /** Whether another look may follow: a claim is still open, it has cells to add to, and looks are left. */
        public boolean wantsMore() {
            return !last && !cells.isEmpty() && claims.stream().anyMatch(ClaimDecision::open);
        }
    }

    /**
     * The next look on the cells as they are now ({@code cells} as claims see them, without {@code leftOut}).
     *
     * @param seconds seconds since the run started, recorded with each decision
     */
    public Look look(List<String> factors, List<CellResult> cells, List<RunStatusFile.Row> leftOut, double seconds) {
        looks++;
        double alpha = spending.at(looks);
        List<ClaimDecision> now = new ArrayList<>();
        List<Claim> open = new ArrayList<>();
        for (int i = 0; i < claims.size(); i++) {
            Claim c = claims.get(i);
            ClaimDecision before = i < state.size() ? state.get(i) : null;
            if (before != null && !before.open()) {
                now.add(before);
                continue;
            }
            Judgement j = judge(c, factors, cells, leftOut, c.kind() == Claim.Kind.TREND ? alpha / 2 : alpha);
            boolean decided = j.verdict() != Verdict.UNDECIDED;
            Verdict lean = decided ? j.verdict()
                    : judge(c, factors, cells, leftOut, c.kind() == Claim.Kind.TREND ? 0.5 : 1.0).verdict();
            now.add(new ClaimDecision(c, j, decided, looks, alpha, replicates(c, factors, cells), seconds, lean));
            if (!decided) {
                open.add(c);
            }
        }
        state.clear();
        state.addAll(now);
        return new Look(looks, alpha, List.copyOf(now), ReplicateOrder.of(open, factors, cells, looks),
                looks >= spending.maxLooks());
    }

    public AlphaSpending spending() {
        return spending;
    }

    private static Judgement judge(Claim c, List<String> factors, List<CellResult> cells, List<RunStatusFile.Row> leftOut,
            double alpha) {
        return Reproduction.judge(List.of(c), factors, cells, leftOut, alpha).get(0);
    }

    /** The fewest runs among the cells the claim reads; 0 when it reads none. */
    static int replicates(Claim c, List<String> factors, List<CellResult> cells) {
        List<String> used = Reproduction.cellsOf(c, factors, cells);
        return cells.stream().filter(cell -> used.contains(cell.name())).mapToInt(cell -> cell.runs().size()).min().orElse(0);
    }
}
