package org.dbstudy.cli.run;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.report.files.AnalysisReport;
import org.dbstudy.analysis.Analyzer;
import org.dbstudy.analysis.statistics.Comparison;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.cli.server.EmbeddedTarget;
import org.dbstudy.cli.server.Targets;
import org.dbstudy.databases.ChildWatch;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.settings.CommandRestart;
import org.dbstudy.databases.ServerRestart;
import org.dbstudy.generator.plan.PlanGenerator;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.study.Study;
import org.dbstudy.generator.study.StudyEstimate;
import org.dbstudy.generator.design.Target;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.MonitorAddress;
import org.dbstudy.vocabulary.RunFolder;

/**
 * The one way a study is run, shared by {@code bin/dbstudy run} and {@code mvn verify}, so that both
 * give the same numbers for the same study: load → target → preflight → render → environment → run
 * cells → analyse. Only the "run cells" step differs: {@link StudyRunner} runs one JMeter process per
 * cell; under Maven, jmeter-maven-plugin runs them ({@code MavenStudy}), and the steps before and
 * after it run in the processes Maven starts around the plugin.
 */
public final class StudyPipeline {
    /** Step "run cells": runs the rendered plans of {@code out} and says how it went. */
    interface CellRunner {
        /** Where the runner leaves the JTLs, one per plan, named after it. */
        Path resultsDir();

        /** @param server the study's server settings on this target, applied per cell ({@link ServerSetup#none()}: none) */
        Cells runCells(Study study, ConnectionSettings db, ServerSetup server) throws Exception;

        /** A round of replicates added by {@code --budget} ({@link ReplicateLoop}): these cells of {@code more}, in order. */
        default Cells runRound(Study more, List<Cell> round, ServerSetup server) throws Exception {
            throw new UserError("--budget adds replicates only when bin/dbstudy run runs the cells");
        }
    }

    /** What the cells step came to (for mvn verify: all cells as one, counted by the analysis). */
    record Cells(int done, int failed, int skipped) {
    }

    /** What a whole run came to. */
    public record Outcome(Cells cells, AnalysisReport report) {
        int done() { return cells.done(); }

        public int failed() { return cells.failed(); }

        int skipped() { return cells.skipped(); }
    }

    /** Preflight found problems: nothing was started; each problem is one line for the user. */
    public static final class CannotStart extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final List<String> problems;

        CannotStart(List<String> problems) {
            super(String.join("; ", problems));
            this.problems = List.copyOf(problems);
        }

        public List<String> problems() { return problems; }
    }

    /** Step "target": the database a run talks to, started for it when embedded; close() stops it. */
    public static final class OpenTarget implements AutoCloseable {
        private final ConnectionSettings settings;
        private EmbeddedTarget embedded;
        private final ServerRestart restart;
        private String stopProblem;

        private OpenTarget(ConnectionSettings settings, EmbeddedTarget embedded, ServerRestart restart) {
            this.settings = settings;
            this.embedded = embedded;
            this.restart = restart;
        }

        /** A server that is already there (nothing to stop), restarted by {@code restart} (null: it cannot be). */
        static OpenTarget of(ConnectionSettings settings, ServerRestart restart) {
            return new OpenTarget(settings, null, restart);
        }

        /** A server that is already there and cannot be restarted. */
        static OpenTarget of(ConnectionSettings settings) {
            return of(settings, null);
        }

        public ConnectionSettings settings() { return settings; }

        /** How to restart this server for a setting that needs it: the embedded server, a command, or null. */
        ServerRestart restart() { return restart; }

        /** Started for this run: its settings end with it, so no journal of them is kept. */
        boolean embedded() { return embedded != null; }

        /** The embedded server's process now; empty for a server that is already there. */
        public Optional<ProcessHandle> serverProcess() {
            return embedded == null ? Optional.empty() : embedded.serverProcess();
        }

        /** Why an embedded server did not stop (one line, said when it happened), or null. */
        public String stopProblem() { return stopProblem; }

        /** Stops an embedded server; one that will not stop is said in one line, and the results stay. */
        @Override
        public void close() {
            if (embedded != null) {
                try {
                    embedded.close();
                } catch (RuntimeException e) {
                    stopProblem = e.getMessage();
                    System.err.println("dbstudy run: " + stopProblem);
                }
                embedded = null;
            }
        }
    }

    /** The --monitor word for "no dbstudy monitor: read the host here". */
    static final String NO_MONITOR = "none";

    private final Study study;
    private final String db;
    private final Path out;
    private final PrintStream log;
    private String restartCommand;
    private long restartTimeoutSeconds = CommandRestart.DEFAULT_TIMEOUT_SECONDS;
    private ChildWatch watch = ChildWatch.NONE;
    private Optional<String> baseline = Optional.empty();
    private Budget budget = Budget.NONE;

    /**
     * @param study the loaded study (step "load": a built-in name or file, with the command line's
     *              overrides, on the dialect of {@code db})
     * @param db    the target word the user gave ({@link Targets})
     */
    public StudyPipeline(Study study, String db, Path out, PrintStream log) {
        this.study = study;
        this.db = db;
        this.out = out.toAbsolutePath();
        this.log = log;
    }

    /**
     * The pipeline of a run {@code request}: its restart command and timeout (over the study target's
     * restart) and its baseline.
     */
    public StudyPipeline(Study study, RunRequest request, Path out, PrintStream log) {
        this(study, request.db(), out, log);
        restartCommand(request.restart().command()).restartTimeout(request.restart().timeoutSeconds()).baseline(request.baseline());
        budget(request.budget());
    }

    /** {@code --budget}: replicates added where claims are undecided, within this wall time from the run's start. */
    StudyPipeline budget(Budget given) {
        this.budget = given;
        return this;
    }

    Study study() { return study; }

    /** Step "target" for a run {@code request}: its URL, user and password (none for an embedded server), its port. */
    public OpenTarget target(RunRequest request) {
        return target(request.connection().url(), request.connection().user(),
                Targets.embedded(db) ? "" : request.connection().password(), request.embeddedPort());
    }

    /**
     * Step "target": an embedded server started on {@code embeddedPort}, or the given server with the
     * study target's URL and user where none is given.
     */
    public OpenTarget target(String url, String user, String password, int embeddedPort) {
        if (Targets.embedded(db)) {
            log.println("starting " + db + " ...");
            EmbeddedTarget started = EmbeddedTarget.start(db.toLowerCase(Locale.ROOT), embeddedPort,
                    study.serverSettings(Targets.kindOf(db)), watch);
            log.println(db + " is " + started.settings());
            return new OpenTarget(started.settings(), started, started.restart());
        }
        DatabaseKind kind = Targets.kindOf(db);
        Target target = studyTarget();
        ConnectionSettings connection = new ConnectionSettings(kind, url != null ? url : target.url(),
                user != null ? user : target.user(), password == null ? "" : password);
        if (url == null) {
            log.println("no URL given: the study target " + target.name() + "'s database, " + connection);
        }
        String command = restartCommand != null ? restartCommand : target.restart();
        return new OpenTarget(connection, null, command == null ? null : new CommandRestart(command,
                new DatabaseEndpoint(kind, connection.url(), connection.user(), connection.password(), "--db " + db),
                restartTimeoutSeconds).watch(watch));
    }

    /** The command that restarts the target's server ({@code --restart-command}), over the study target's {@code restart}. */
    public StudyPipeline restartCommand(String command) {
        this.restartCommand = command == null || command.isBlank() ? null : command;
        return this;
    }

    /** How long the restart command may run before it and its children are killed ({@code --restart-timeout}). */
    public StudyPipeline restartTimeout(long seconds) {
        this.restartTimeoutSeconds = seconds;
        return this;
    }

    /**
     * Who is told of the processes the target starts (an embedded server, each restart command) before
     * they can outlive the runner ({@link RunChildren}).
     */
    public StudyPipeline watch(ChildWatch watched) {
        this.watch = watched;
        return this;
    }

    /**
     * The analysis' baseline ({@code --baseline TARGET|FACTOR=LEVEL}): speedups and the answer's ratios are against it.
     * Checked against the rendered manifest before any cell runs, as {@code analyze} checks it.
     */
    public StudyPipeline baseline(String option) {
        this.baseline = Optional.ofNullable(option);
        return this;
    }

    /** The study target a run on a server of the kind of {@code db} takes its URL, user and monitor address from. */
    private Target studyTarget() {
        DatabaseKind kind = Targets.kindOf(db);
        return study.targets().stream().filter(t -> t.kind() == kind).findFirst().orElse(study.targets().get(0));
    }

    /**
     * Where the monitor reads the database server's host and processes: the address given on the
     * command line ({@code option} names it in a message; {@value #NO_MONITOR}: read them here, whatever
     * the study target says), else the study target's monitor address when the run uses that target's
     * server (no other URL given, not embedded); null: read them here.
     */
    public MonitorAddress monitorAddress(String option, String given, String url) {
        if (NO_MONITOR.equalsIgnoreCase(given == null ? "" : given.trim())) {
            return null;
        }
        if (given != null && !given.isBlank()) {
            try {
                return MonitorAddress.parse(given);
            } catch (IllegalArgumentException e) {
                throw new UserError(option + " " + e.getMessage() + "; valid: " + MonitorAddress.VALID);
            }
        }
        return Targets.embedded(db) || url != null ? null : studyTarget().monitor();
    }

    /** Step "preflight": everything that would fail every cell, all at once; throws {@link CannotStart}. */
    void preflight(ConnectionSettings connection, List<String> agents, ServerSetup server) {
        List<String> problems = new java.util.ArrayList<>(Preflight.problems(study, connection, agents));
        if (problems.isEmpty()) {
            problems.addAll(server.problems());
        }
        if (!problems.isEmpty()) {
            throw new CannotStart(problems);
        }
    }

    /**
     * Steps "render" and "environment": plans, manifest.csv, study.yaml and environment.json in OUT. The
     * plans carry the run's URL and user as their defaults (never a password), so a plan opened from
     * OUT/plans in the GUI, or run with plain {@code jmeter -n}, reaches the database the run reached.
     * A password written into the URL itself is masked there (the runner passes the real URL with -J).
     */
    Study render(ConnectionSettings connection, String targetName, List<String> agents, JMeterHome home)
            throws Exception {
        Study rendered = study.withConnection(connection.redactedUrl(), connection.user());
        Files.createDirectories(out);
        PlanGenerator.write(rendered, out);
        EnvironmentCapture.write(out.resolve(RunFolder.ENVIRONMENT),
                EnvironmentCapture.capture(connection, rendered.name(), targetName, agents, home));
        return rendered;
    }

    /**
     * Step "analyse", the same for every runner: the JTLs of {@code results} mapped through OUT's
     * manifest, with the study's warm-up left out, into OUT/report.
     */
    public static AnalysisReport analyse(Study study, Path results, Path out) throws Exception {
        return analyse(study, results, out, Optional.empty());
    }

    /** The same, with speedups and the answer's ratios against {@code baseline} ({@code --baseline}). */
    public static AnalysisReport analyse(Study study, Path results, Path out, Optional<String> baseline) throws Exception {
        return Analyzer.run(options(study, results, out, baseline));
    }

    /** What step "analyse" reads and how: also each look of the replicate loop's. */
    private static AnalysisOptions options(Study study, Path results, Path out, Optional<String> baseline) {
        return new AnalysisOptions(List.of(results), Optional.of(out.resolve(RunFolder.MANIFEST)),
                out.resolve(RunFolder.REPORT), study.warmUpSeconds(), false, 1, baseline)
                .withCoCorrection(study.coCorrection());
    }

    /**
     * A --baseline that names no factor or level of the study is refused before anything starts, by the rule the
     * analysis applies to the manifest ({@link Comparison#choose}), in one line naming the valid ones.
     */
    public void checkBaseline() {
        if (baseline.isEmpty()) {
            return;
        }
        Path manifest = out.resolve(RunFolder.MANIFEST);
        Map<String, List<String>> levels = study.factorLevels();
        try {
            Comparison.choose(manifest, study.factorNames(), f -> levels.getOrDefault(f, List.of()), baseline);
        } catch (AnalysisInputException e) {
            // The manifest is not written yet: the flag is what is wrong, so the message starts at the field.
            String where = AnalysisInputException.message(manifest, 1, "", ""); // "FILE:1: : "
            throw new UserError(e.getMessage().substring(where.length() - ": ".length()));
        }
    }

    /**
     * The steps after "target", in order, for a runner in one process ({@code bin/dbstudy run}); the
     * target is stopped (when embedded) after the cells, before the analysis.
     */
    public Outcome run(OpenTarget opened, List<String> agents, JMeterHome home, CellRunner cells) throws Exception {
        long started = System.nanoTime();
        Cells ran;
        try (OpenTarget target = opened;
             ServerSetup server = ServerSetup.open(study, target.settings(), target.restart(),
                     target.embedded() ? null : out, log)) {
            // Before anything else: what an earlier run into OUT changed on the server and could not put back.
            ServerSetup.restoreUnfinished(out, target.settings(), target.restart(), log);
            preflight(target.settings(), agents, server);
            log.printf(Locale.ROOT, "study %s: %s on %s, estimated %s; output in %s%n", study.name(),
                    RunEstimate.runs(study), target.settings(), RunEstimate.describe(RunEstimate.of(study, db, home)), out);
            RunEstimate.busyMachine().ifPresent(log::println);
            study.blockOrder().ifPresent(b -> log.println("configuration blocks: " + b));
            // Which database loses which tables, said before any cell touches them (issue 42).
            PlanGenerator.setUpTables(study).forEach(t -> log.println("setUp " + t + " in " + target.settings().kind().id()
                    + " " + target.settings().redactedUrl()));
            render(target.settings(), target.settings().kind().id(), agents, home);
            // A folder's sequential verdicts belong to the run that wrote them: a new run starts without them.
            Files.deleteIfExists(out.resolve(RunFolder.SEQUENTIAL));
            // The server's own settings are restored (ServerSetup.close) before an embedded server stops.
            long first = System.nanoTime();
            ran = cells.runCells(study, target.settings(), server);
            if (budget.given()) {
                ConnectionSettings at = target.settings();
                ran = new ReplicateLoop(study, out, log, budget, started, StudyEstimate.of(study, at.kind(), target.embedded(), true))
                        .run(ran, (System.nanoTime() - first) / 1e9, () -> Analyzer.analyse(options(study, cells.resultsDir(), out, baseline)),
                                (more, round) -> {
                                    PlanGenerator.write(more.withConnection(at.redactedUrl(), at.user()), out);
                                    return cells.runRound(more, round, server);
                                });
            }
        }
        return new Outcome(ran, analyse(study, cells.resultsDir(), out, baseline));
    }
}
