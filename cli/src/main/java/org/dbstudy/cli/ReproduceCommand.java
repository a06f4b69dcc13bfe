package org.dbstudy.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.cli.run.Budget;
import org.dbstudy.cli.run.RunRequest;
import org.dbstudy.cli.run.StudyRequest;
import org.dbstudy.cli.server.Targets;
import org.dbstudy.vocabulary.RunFolder;
import org.dbstudy.vocabulary.files.ReportFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code dbstudy reproduce STUDY [--quick]}: runs a built-in study's design (full, or with {@code --quick}
 * a reduced design that still holds the levels its paper's claims compare, sized for a laptop) through
 * {@code run}, then prints the claims' verdicts and the report, whose Claims section comes right after
 * the answer.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = "Run a built-in study (--quick: a reduced design sized for a laptop) and print the verdicts on its paper's claims.")
final class ReproduceCommand implements Callable<Integer> {
    /** Per study, the reduced design of --quick: the levels its claims need, short cells, no rest. */
    static final Map<String, Quick> QUICK = Map.of(
            "crud-stress", new Quick(List.of("users=50,100,125,150"), 20),
            "crud-factorial", new Quick(List.of("interval=0.1,1", "users=5,50", "rows=50,2000"), 10),
            "isolation-levels", new Quick(List.of("clients=2,8,16", "warehouses=2"), 20),
            "tpcb-contention", new Quick(List.of("clients=8,50"), 15));

    /** A reduced design: factors' levels (each FACTOR=L1,L2, as --set takes it) and every cell's duration. */
    record Quick(List<String> sets, long durationSeconds) {
        /** {@code study} reduced so, with no rest between cells. */
        StudyRequest of(String study) {
            StudyRequest reduced = StudyRequest.of(study);
            for (String set : sets) {
                reduced = reduced.set(set);
            }
            return reduced.withDuration(durationSeconds).withRest(0L);
        }
    }

    @Parameters(index = "0", paramLabel = "STUDY", description = "A built-in study with a paper: crud-stress, crud-factorial, isolation-levels, tpcb-contention.")
    String study;

    @Option(names = "--quick", description = "A reduced design sized for a laptop (fewer levels, shorter cells, no rest).")
    boolean quick;

    @Option(names = "--db", defaultValue = "postgresql", paramLabel = "DB", description = "One of: " + Targets.VALID + " (default ${DEFAULT-VALUE}).")
    String db;

    @Option(names = "--out", paramLabel = "DIR", description = "Where plans, results and the report go (default: results/reproduce-<study>).")
    Path out;

    @Option(names = "--budget", paramLabel = "DURATION", description = "After the design, add replicates where claims are"
            + " undecided until all are decided or this wall time would be passed: " + Budget.VALID + ".")
    String budget;

    /** The run this command asks for, into {@code dir}: the study's full design, or its quick one. */
    RunRequest request(Path dir) {
        return RunRequest.of(quick ? QUICK.get(study).of(study) : StudyRequest.of(study), db, dir).withBudget(Budget.parse(budget));
    }

    @Override
    public Integer call() {
        if (!QUICK.containsKey(study)) {
            throw new UserError("'" + study + "' is not a built-in study with a paper's claims; valid: "
                    + String.join(", ", QUICK.keySet().stream().sorted().toList()));
        }
        Path dir = out != null ? out : Path.of("results", "reproduce-" + study + (quick ? "-quick" : ""));
        RunRequest request = request(dir);
        System.out.println("dbstudy reproduce: bin/dbstudy " + String.join(" ", request.words()));
        int status = Main.run(request);
        try {
            List<org.dbstudy.analysis.judging.Reproduction.Row> rows = ClaimVerdicts.of(dir.resolve(RunFolder.REPORT));
            System.out.println();
            System.out.println("Reproduction of " + study + (quick ? " (quick design)" : "") + ":");
            ClaimVerdicts.print(rows, System.out);
            System.out.println("report: " + dir.resolve(RunFolder.REPORT).resolve(ReportFiles.INDEX).toAbsolutePath());
        } catch (java.io.IOException e) {
            System.err.println("dbstudy reproduce: no verdicts: " + e.getMessage());
            return status == 0 ? 1 : status;
        }
        return status;
    }
}
