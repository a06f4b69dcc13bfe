package org.dbstudy.cli.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.dbstudy.analysis.adaptive.AlphaSpending;
import org.dbstudy.analysis.adaptive.ClaimDecision;
import org.dbstudy.analysis.adaptive.SequentialClaims;
import org.dbstudy.analysis.adaptive.SequentialFile;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.study.Study;
import org.dbstudy.generator.study.StudyEstimate;
import org.dbstudy.vocabulary.RunFolder;

/**
 * {@code --budget}: after the study's design has run, the claims are judged (a look), and the cells an undecided
 * claim needs get one more replicate each, in alternating order, then the next look, until every claim is decided,
 * the looks are spent ({@link AlphaSpending}) or the next round would end past the budget; a round that would is
 * never started. A round's time is the study's own estimate of its runs ({@link StudyEstimate}) scaled by how the
 * runs so far compared with theirs. Each look is written to {@code sequential.csv}; the runs go through the
 * runner's usual sequence (plans, manifest, run-status.csv), so added replicates are rows there like any other.
 */
final class ReplicateLoop {
    /** Runs one round: {@code round}'s cells of {@code more} (the study with enough replicates to hold them). */
    interface Rounds {
        StudyPipeline.Cells run(Study more, List<Cell> round) throws Exception;
    }

    private final Study study;
    private final Path out;
    private final PrintStream log;
    private final Budget budget;
    private final long startNanos;
    private final StudyEstimate estimate;

    /**
     * @param startNanos {@link System#nanoTime()} at the run's start: the budget counts from there
     */
    ReplicateLoop(Study study, Path out, PrintStream log, Budget budget, long startNanos, StudyEstimate estimate) {
        this.study = study;
        this.out = out;
        this.log = log;
        this.budget = budget;
        this.startNanos = startNanos;
        this.estimate = estimate;
    }

    /**
     * The looks and rounds after the design's first pass ({@code first}, which took {@code firstSeconds}).
     *
     * @param analyse the analysis of the run folder as it is now, without writing the report
     */
    StudyPipeline.Cells run(StudyPipeline.Cells first, double firstSeconds, Callable<StudyResult> analyse, Rounds rounds)
            throws Exception {
        if (study.claims().isEmpty()) {
            log.println("--budget " + budget.words() + ": the study states no claims, so no replicates are added");
            return first;
        }
        AlphaSpending spending = AlphaSpending.DEFAULT;
        SequentialClaims claims = new SequentialClaims(study.claims(), spending);
        log.printf(Locale.ROOT, "--budget %s: claims judged at each look at a share of %.0f%% over at most %d looks"
                + " (%s spending, union bound); replicates added where undecided%n", budget.words(), 100 * spending.alpha(),
                spending.maxLooks(), spending.shape().name().toLowerCase(Locale.ROOT).replace('_', '-'));
        Map<String, Integer> runs = new HashMap<>();
        study.cells().forEach(c -> runs.merge(c.id(), 1, Integer::sum));
        double measured = firstSeconds;
        double estimated = estimate.cellsSeconds(study.cells()) + estimate.restsSeconds();
        StudyPipeline.Cells total = first;
        while (true) {
            SequentialClaims.Look look;
            StudyResult result = analyse.call();
            look = claims.look(result.factors(), result.claimCells(), result.unfinished(), spent());
            long open = look.claims().stream().filter(ClaimDecision::open).count();
            log.printf(Locale.ROOT, "look %d (α %.2g): %d of %d claims decided, %d undecided; %s of %s spent%n",
                    look.number(), look.alpha(), look.claims().stream().filter(ClaimDecision::decided).count(),
                    look.claims().size(), open, ClaimDecision.duration(spent()), ClaimDecision.duration(budget.seconds()));
            String stop = null;
            Study more = study;
            List<Cell> round = List.of();
            if (open == 0) {
                stop = "every claim is decided";
            } else if (look.last()) {
                stop = "the " + spending.maxLooks() + " looks are spent";
            } else if (look.cells().isEmpty()) {
                stop = "no cell of an undecided claim has runs to add to";
            } else {
                int most = look.cells().stream().mapToInt(id -> runs.getOrDefault(id, 0) + 1).max().orElse(1);
                more = most > study.replicates() ? study.withReplicates(most) : study;
                round = roundCells(more, look.cells(), runs);
                double cost = (estimate.cellsSeconds(round) + round.size() * study.restSeconds())
                        * Math.max(1, measured / Math.max(1e-9, estimated));
                if (spent() + cost > budget.seconds()) {
                    stop = String.format(Locale.ROOT, "the budget: the next round (%d runs, about %s) would end past"
                            + " --budget %s", round.size(), ClaimDecision.duration(cost), budget.words());
                }
            }
            SequentialFile.write(out.resolve(RunFolder.SEQUENTIAL), look, spending.maxLooks(), stop == null ? "" : stop);
            if (stop != null) {
                log.println("replicates stop: " + stop);
                return total;
            }
            log.println("round " + look.number() + ": one more run each of " + String.join(", ", look.cells()));
            long t0 = System.nanoTime();
            StudyPipeline.Cells ran = rounds.run(more, round);
            measured += (System.nanoTime() - t0) / 1e9;
            estimated += estimate.cellsSeconds(round) + round.size() * study.restSeconds();
            round.forEach(c -> runs.merge(c.id(), 1, Integer::sum));
            total = new StudyPipeline.Cells(total.done() + ran.done(), total.failed() + ran.failed(),
                    total.skipped() + ran.skipped());
        }
    }

    /** Each named cell's next replicate in {@code more}, in the order named. */
    private static List<Cell> roundCells(Study more, List<String> ids, Map<String, Integer> runs) {
        Map<String, Cell> next = new LinkedHashMap<>();
        for (Cell c : more.cells()) {
            if (ids.contains(c.id()) && c.replicate() == runs.getOrDefault(c.id(), 0) + 1) {
                next.put(c.id(), c);
            }
        }
        return ids.stream().filter(next::containsKey).map(next::get).toList();
    }

    /** Seconds since the run started. */
    private double spent() {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
