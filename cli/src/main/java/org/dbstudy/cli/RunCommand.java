package org.dbstudy.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.dbstudy.generator.study.Study;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.jmeter.JMeterHomeOptions;
import org.dbstudy.cli.jmeter.JMeterJava;
import org.dbstudy.cli.jmeter.RmiOptions;
import org.dbstudy.cli.jmeter.RmiTransport;
import org.dbstudy.cli.run.OutputWatch;
import org.dbstudy.cli.run.RunChildren;
import org.dbstudy.cli.run.RunFolderLock;
import org.dbstudy.cli.run.Budget;
import org.dbstudy.cli.run.RunRequest;
import org.dbstudy.cli.run.StudyPipeline;
import org.dbstudy.cli.run.StudyRunner;
import org.dbstudy.cli.server.Targets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.monitor.MonitorToken;
import org.dbstudy.vocabulary.MonitorAddress;

/** {@code dbstudy run}: every cell of a study against one database, then the report. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run every cell of a study with JMeter against one database (or remote agents) and analyse the results.")
final class RunCommand implements Callable<Integer> {
    @Mixin
    StudyOptions studyOptions;

    @Mixin
    JMeterHomeOptions jmeterHomeOptions;

    @Mixin
    RmiOptions rmiOptions;

    @Spec
    CommandSpec spec;

    @Option(names = "--db", required = true, paramLabel = "DB", description = "One of: " + Targets.VALID + ".")
    String db;

    @Mixin
    ConnectionOptions connection;

    @Option(names = "--out", paramLabel = "DIR", description = "Where plans, results and the report go (default: results/<study>-<db>).")
    Path out;

    @Option(names = "--remote", paramLabel = "HOST:PORT,...", split = ",", description = "Run each cell on these JMeter agents (see 'dbstudy agent').")
    List<String> remote = new ArrayList<>();

    @Mixin
    RestartOptions restart;

    @Option(names = "--baseline", paramLabel = "TARGET|FACTOR=LEVEL",
            description = "Baseline of the analysis at the end (as analyze --baseline): speedups and the answer's ratios"
                    + " against this level (default: each factor's first declared level).")
    String baseline;

    @Option(names = "--resume", description = "Skip the cells that finished in an earlier run into the same --out.")
    boolean resume;

    @Option(names = "--embedded-port", paramLabel = "PORT", defaultValue = "0", description = "Port of an embedded database (default: any free port).")
    int embeddedPort;

    @Option(names = "--monitor", paramLabel = "HOST:PORT|none",
            description = "Where 'dbstudy monitor' runs on the database server's host, to read its CPU, memory and processes"
                    + " (default: the study target's monitor address; 'none': read them here, for a server on this machine).")
    String monitor;

    @Option(names = "--monitor-token-file", paramLabel = "FILE",
            description = "The token of that 'dbstudy monitor', which it wrote at its start (default ~/.dbstudy/"
                    + MonitorToken.FILE_NAME + ", copied from the database server's host; mode 0600).")
    Path monitorTokenFile;

    @Option(names = "--monitor-token-env", paramLabel = "VAR", description = "Environment variable holding that token instead.")
    String monitorTokenEnv;

    @Option(names = "--progress", paramLabel = "SECONDS", defaultValue = "" + RunRequest.DEFAULT_PROGRESS_SECONDS, description = "Seconds between progress lines (default ${DEFAULT-VALUE}).")
    int progressSeconds;

    @Option(names = "--budget", paramLabel = "DURATION", description = "After the design, add replicates where claims are"
            + " undecided, alternating across the cells compared, until all are decided or this wall time would be"
            + " passed: " + Budget.VALID + ". See docs/analysis.md, 'Replicates within a budget'.")
    String budget;

    /** What the options ask for, as values. */
    RunRequest request() {
        return new RunRequest(studyOptions.request(), db, connection.request(), out, remote, restart.request(), baseline, resume,
                embeddedPort, new RunRequest.Monitor(monitor, monitorTokenFile, monitorTokenEnv), progressSeconds,
                jmeterHomeOptions.choice(), rmiOptions.choice(), Budget.parse(budget));
    }

    /** The request {@code run ARGS} parses to (without running it). */
    static RunRequest parse(String... args) {
        RunCommand command = new RunCommand();
        new picocli.CommandLine(command).parseArgs(args);
        return command.request();
    }

    @Override
    public Integer call() throws Exception {
        // The resume hint repeats the command line as typed, "run" included.
        return execute(request(), spec.commandLine().getParseResult().originalArgs());
    }

    /**
     * Runs {@code request}; {@code words} are the command line it came from ("run" first), repeated with
     * --out and --resume made explicit in the hint to go on after an interruption.
     */
    static int execute(RunRequest request, List<String> words) throws Exception {
        // Everything the run prints goes through the watch: a closed output stops the run (issue 42).
        PrintStream printed = System.out;
        OutputWatch watch = OutputWatch.over(printed);
        System.setOut(watch);
        try {
            return execute(request, words, watch);
        } finally {
            watch.flush();
            System.setOut(printed);
        }
    }

    private static int execute(RunRequest request, List<String> words, OutputWatch watch) throws Exception {
        String db = request.db();
        DatabaseKind kind = Targets.kindOf(db);
        long restartTimeout = request.restart().checkedTimeoutSeconds();
        // Flags checked before the folder is touched: a run refused for its flags writes nothing.
        JMeterHome home = request.jmeter().locate();
        RmiTransport rmi = request.remote().isEmpty() ? null : request.rmi().forRunner(home, request.remote());
        // The study loads before the folder is touched: a run with no database of its own writes nothing.
        Study declared = request.study().load();
        DeclaredTarget.require(declared.name(), declared.targets(), db, request.connection().url());
        Study study = declared.forDialect(kind);
        Path outDir = request.outDir(study.name());
        String resumeCommand = resumeCommand(words, request, outDir);
        // One writer per run folder; what a killed run into it left running is stopped before anything starts.
        try (RunFolderLock lock = RunFolderLock.acquire(outDir, System.out);
             RunChildren children = RunChildren.open(lock.folder(), System.out)) {
            watch.runFolder(lock.folder(), resumeCommand);
            TargetsLeftOut.notice(declared, study, db).ifPresent(System.out::println);
            return run(request, study, outDir, children, home, rmi, restartTimeout, resumeCommand);
        }
    }

    private static int run(RunRequest request, Study study, Path outDir, RunChildren children, JMeterHome home, RmiTransport rmi,
            long restartTimeout, String resumeCommand) throws Exception {
        String db = request.db();
        System.out.println("JMeter home: " + home);
        if (!home.java().executable().equals(JMeterJava.current().executable())) {
            System.out.println("JMeter's Java: " + home.java().description() + " (" + home.java().executable() + ")");
        }
        StudyPipeline pipeline = new StudyPipeline(study, request, outDir, System.out).watch(children);
        pipeline.checkBaseline();
        MonitorAddress monitorAt = pipeline.monitorAddress("--monitor", request.monitor().address(), request.connection().url());
        MonitorToken monitorToken = monitorToken(request.monitor(), monitorAt);
        StudyPipeline.OpenTarget target;
        try {
            target = pipeline.target(request);
        } catch (UserError e) {
            throw e;
        } catch (RuntimeException e) {
            System.err.println("dbstudy run: could not start " + db + ": " + e.getMessage());
            return 1;
        }
        children.server(target.serverProcess(), db + " at " + target.settings().redactedUrl());
        StudyRunner cells = new StudyRunner(study, target.settings(), outDir, request.remote(), request.resume(), home, System.out, null,
                request.progressSeconds() * 1000L).resumeCommand(resumeCommand).monitorAt(monitorAt, monitorToken).rmi(rmi)
                .children(children, target::serverProcess);
        StudyPipeline.Outcome outcome;
        try {
            outcome = pipeline.run(target, request.remote(), home, cells);
        } catch (StudyPipeline.CannotStart e) {
            System.err.println("dbstudy run: the study cannot start:");
            e.problems().forEach(p -> System.err.println("  - " + p));
            return Main.USER_ERROR;
        } catch (org.dbstudy.databases.settings.ServerJournal.JournalException e) {
            // Server settings an earlier run changed are not back (or cannot be recorded): nothing may run.
            System.err.println("dbstudy run: stopped: " + e.getMessage());
            return 1;
        } catch (org.dbstudy.databases.ServerRestart.RestartFailedException e) {
            // The server did not come back with a cell's settings: no later cell can run on it.
            System.err.println("dbstudy run: stopped: " + e.getMessage());
            return 1;
        }
        outcome.report().warnings().forEach(w -> System.out.println("warning: " + w));
        ClaimVerdicts.print(ClaimVerdicts.of(outcome.report().indexHtml().getParent()), System.out);
        System.out.println("report: " + outcome.report().indexHtml().toAbsolutePath());
        return outcome.failed() == 0 && target.stopProblem() == null ? 0 : 1;
    }

    /** The command line {@code words} with --resume and --out made explicit, quoted for a POSIX shell. */
    static String resumeCommand(List<String> words, RunRequest request, Path outDir) {
        List<String> line = new ArrayList<>(List.of("bin/dbstudy"));
        line.addAll(words);
        if (request.out() == null) {
            line.add("--out");
            line.add(outDir.toAbsolutePath().toString());
        }
        if (!request.resume()) {
            line.add("--resume");
        }
        StringBuilder quoted = new StringBuilder();
        for (String w : line) {
            quoted.append(quoted.length() == 0 ? "" : " ").append(w.matches("[A-Za-z0-9_@%+=:,./-]+") ? w : "'" + w.replace("'", "'\\''") + "'");
        }
        return quoted.toString();
    }

    /** The token of the monitor at {@code at}, or null without one. */
    private static MonitorToken monitorToken(RunRequest.Monitor monitor, MonitorAddress at) {
        if (at == null) {
            return null;
        }
        String monitorTokenEnv = monitor.tokenEnv();
        Path monitorTokenFile = monitor.tokenFile();
        if (monitorTokenEnv != null && monitorTokenFile != null) {
            throw new UserError("--monitor-token-file and --monitor-token-env: give one of them");
        }
        if (monitorTokenEnv != null) {
            return MonitorTokens.fromEnvironment("--monitor-token-env", monitorTokenEnv);
        }
        Path file = monitorTokenFile != null ? monitorTokenFile : MonitorToken.defaultFile();
        return MonitorTokens.fromFile("--monitor-token-file", file, "the monitor at " + at + " answers only with the token"
                + " 'dbstudy monitor' wrote at its start (~/.dbstudy/" + MonitorToken.FILE_NAME
                + " on the database server's host): copy it to this file (chmod 600), or give --monitor-token-file FILE"
                + " or --monitor-token-env VAR");
    }
}
