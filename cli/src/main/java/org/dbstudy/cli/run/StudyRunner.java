package org.dbstudy.cli.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.dbstudy.cli.agents.AgentWindows;
import org.dbstudy.cli.agents.StartGate;
import org.dbstudy.cli.jmeter.ClassDataArchive;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.jmeter.RmiOptions;
import org.dbstudy.cli.jmeter.RmiTransport;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.databases.settings.ServerConfigurator;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.study.Study;
import org.dbstudy.generator.study.StudyEstimate;
import org.dbstudy.vocabulary.MonitorAddress;
import org.dbstudy.vocabulary.JdbcUrls;
import org.dbstudy.vocabulary.RunFolder;
import org.dbstudy.vocabulary.files.CellStopFile;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.files.RunStatusFile;
import org.dbstudy.monitor.Monitor;
import org.dbstudy.monitor.MonitorToken;

/**
 * The "run cells" step of {@code bin/dbstudy run} ({@link StudyPipeline}): the study's cells one after
 * another in the study's order, each in its own JMeter process, with the study's rest between cells;
 * records each cell's state in {@code run-status.csv}, keeps going past a failing cell, and skips
 * finished cells on resume.
 *
 * <p>Layout of OUT: {@code plans/}, {@code manifest.csv}, {@code results/<cell>.jtl},
 * {@code logs/}, {@code interrupted/} (results of runs cut short, kept), {@code monitor/<cell>.csv}
 * (host, server and database figures per second), {@code run-status.csv}, {@code environment.json},
 * {@code report/}.
 */
public final class StudyRunner implements StudyPipeline.CellRunner {
    /** Told after each cell; tests use it to stop and restart the database mid-study. */
    interface Listener {
        void cellFinished(int index, Cell cell, RunStatusFile.Row row) throws Exception;
    }

    private final Study study;
    private final ConnectionSettings db;
    private final Path out;
    private final List<String> agents;
    private final boolean resume;
    private final JMeterHome home;
    private final PrintStream log;
    private final Listener listener;
    private final long progressEveryMillis;
    private String resumeCommand;
    private MonitorAddress monitorAt;
    private MonitorToken monitorToken;
    private RmiTransport rmi;
    private ServerSetup server = ServerSetup.none();
    private RunChildren children;
    private java.util.function.Supplier<java.util.Optional<ProcessHandle>> embedded;
    /** Cells not started because the first cell's setUp failed. */
    private long stoppedEarly;

    public StudyRunner(Study study, ConnectionSettings db, Path out, List<String> agents, boolean resume, JMeterHome home,
                PrintStream log, Listener listener, long progressEveryMillis) {
        this.study = study;
        this.db = db;
        this.out = out.toAbsolutePath();
        this.agents = agents;
        this.resume = resume;
        this.home = home;
        this.log = log;
        this.listener = listener;
        this.progressEveryMillis = progressEveryMillis;
    }

    /** The command line that continues this run, printed when the run is interrupted (Ctrl-C). */
    public StudyRunner resumeCommand(String command) {
        this.resumeCommand = command;
        return this;
    }

    /**
     * Reads the database server's host and processes from the {@code dbstudy monitor} there (null: here),
     * showing it {@code token}.
     */
    public StudyRunner monitorAt(MonitorAddress address, MonitorToken token) {
        this.monitorAt = address;
        this.monitorToken = token;
        return this;
    }

    /** How JMeter talks to the agents (default: RMI over SSL with the keystore {@link org.dbstudy.cli.jmeter.RmiKeystore} finds). */
    public StudyRunner rmi(RmiTransport transport) {
        this.rmi = transport;
        return this;
    }

    /**
     * The run's child processes, watched so that none outlives a killed runner (null: not watched), and
     * the embedded server's process now (null: none), listed again before each cell since a restart for
     * a server setting starts another.
     */
    public StudyRunner children(RunChildren watched, java.util.function.Supplier<java.util.Optional<ProcessHandle>> embeddedServer) {
        this.children = watched;
        this.embedded = embeddedServer;
        return this;
    }

    /** The whole pipeline on a database that is already there, with this runner for the cells. */
    StudyPipeline.Outcome run() throws Exception {
        return run(Budget.NONE);
    }

    /** The same, adding replicates where claims are undecided within {@code budget} ({@link ReplicateLoop}). */
    StudyPipeline.Outcome run(Budget budget) throws Exception {
        return new StudyPipeline(study, db.kind().id(), out, log).budget(budget)
                .run(StudyPipeline.OpenTarget.of(db), agents, home, this);
    }

    @Override
    public Path resultsDir() {
        return out.resolve(RunFolder.RESULTS);
    }

    @Override
    public StudyPipeline.Cells runCells(Study rendered, ConnectionSettings connection, ServerSetup server) throws Exception {
        return run(study.cells(), server);
    }

    /** A round of added replicates ({@link ReplicateLoop}): these cells, already rendered into OUT, in this order. */
    @Override
    public StudyPipeline.Cells runRound(Study more, List<Cell> round, ServerSetup server) throws Exception {
        return run(round, server);
    }

    private StudyPipeline.Cells run(List<Cell> cells, ServerSetup server) throws Exception {
        this.server = server;
        for (String dir : List.of(RunFolder.RESULTS, RunFolder.LOGS, RunFolder.INTERRUPTED)) {
            Files.createDirectories(out.resolve(dir));
        }
        if (!agents.isEmpty() && rmi == null) {
            rmi = RmiOptions.Choice.DEFAULT.forRunner(home, agents);
        }

        RunStatus status = RunStatus.open(out.resolve(RunFolder.RUN_STATUS));
        deleteLeftoverPasswordFiles();
        boolean secret = hasSecret(db);
        ClassDataArchive.ensure(home, log); // once per home and JDK: every cell's JMeter starts from it
        EnvironmentCapture.recordJMeterJvm(out.resolve(RunFolder.ENVIRONMENT), home.jvmOptions());
        CellRun cellRun = new CellRun(home, out, log, progressEveryMillis).children(children).precision(study.precision()).input(secret ? secretProperties(db) : "");
        Thread stopOnInterrupt = new Thread(() -> {
            cellRun.stop();
            if (resumeCommand != null) {
                log.println("interrupted: the samples written so far are kept. Continue with:");
                log.println("  " + resumeCommand);
            }
        });
        Runtime.getRuntime().addShutdownHook(stopOnInterrupt);
        if (monitorAt != null) {
            log.println("monitor: the database server's host and processes are read by 'dbstudy monitor' at " + monitorAt);
        }
        int done = 0;
        int failed = 0;
        int skipped = 0;
        try {
            List<Cell> toRun = cells.stream().filter(c -> !(resume && status.isDone(c.id(), c.replicate()))).toList();
            // The runs' parts and the study's end do not depend on what comes before the first run (the
            // server's start, the archive): the ETA at the first run is the first line's estimate less those.
            CellOverhead overhead = CellOverhead.of(study, StudyEstimate.of(study, db.kind(), false, true));
            long studyStart = System.nanoTime();
            int ran = 0;
            for (int i = 0; i < cells.size(); i++) {
                Cell cell = cells.get(i);
                if (resume && status.isDone(cell.id(), cell.replicate())) {
                    skipped++;
                    continue;
                }
                // Only the cells this run will still start count, not those a resumed run skips.
                long left = overhead.secondsAfter(toRun.subList(ran + 1, toRun.size()));
                long cellStart = System.nanoTime();
                Ended ended = runCell(cell, i + 1, cells.size(), status, secret,
                        new CellRun.Position(i + 1, cells.size(), studyStart, left, overhead.preparing(cell),
                                overhead.finishing(cell)), cellRun);
                CellOutcome outcome = ended.outcome();
                if (!(outcome instanceof CellOutcome.SettingsNotApplied)) {
                    // What this cell took around its window teaches the estimate for the cells still to come.
                    double wall = (System.nanoTime() - cellStart) / 1e9;
                    double preparing = outcome.measures().preparingSeconds();
                    double measured = outcome.measures().samples() == 0 ? 0
                            : cellRun.lastMeasuredSeconds() >= 0 ? cellRun.lastMeasuredSeconds() : study.durationSeconds();
                    overhead.learn(cell, preparing, wall - preparing - measured);
                }
                if (outcome.done()) {
                    done++;
                } else {
                    failed++;
                }
                ran++;
                if (listener != null) {
                    listener.cellFinished(i, cell, ended.row());
                }
                if (ran == 1 && outcome.setUpFailed() && ran < toRun.size()) {
                    // A setUp that fails in the first cell fails the same way in every cell: one message, not N.
                    log.printf(Locale.ROOT, "study %s stopped: the first cell's setUp failed, and every cell runs the"
                            + " same setUp; fix the cause and run again (add --resume to keep finished cells):%n  %s%n",
                            study.name(), outcome.reason());
                    stoppedEarly = toRun.size() - ran;
                    break;
                }
                if (i < cells.size() - 1 && study.restSeconds() > 0) {
                    Thread.sleep(study.restSeconds() * 1000);
                }
            }
        } finally {
            Runtime.getRuntime().removeShutdownHook(stopOnInterrupt);
        }
        log.printf(Locale.ROOT, "study %s: %d cells done, %d failed, %d skipped (finished before)%s%n",
                study.name(), done, failed, skipped,
                stoppedEarly > 0 ? ", " + stoppedEarly + " not started (the study stopped)" : "");
        return new StudyPipeline.Cells(done, failed, skipped);
    }

    /** How a cell ended and the run-status row written for it. */
    private record Ended(CellOutcome outcome, RunStatusFile.Row row) {
    }

    private Ended runCell(Cell cell, int index, int total, RunStatus status, boolean secret,
                                  CellRun.Position position, CellRun cellRun) throws Exception {
        String base = RunFolder.base(cell.planFile());
        Path jtl = RunFolder.jtl(out, base);
        keepInterrupted(jtl, base);
        String started = Instant.now().toString();
        long cellStart = System.nanoTime();
        status.put(new RunStatusFile.Row(cell.id(), cell.replicate(), RunStatusFile.RUNNING, "", started, "", 0));
        log.printf(Locale.ROOT, "cell %d/%d %s (replicate %d): %s%n", index, total, cell.id(), cell.replicate(), cell.factors());
        if (server.active()) {
            // The cell's server configuration, read back; one the server did not take fails the cell only.
            ServerConfigurator.Applied applied;
            try {
                applied = server.apply(cell);
            } catch (SQLException | RuntimeException e) {
                // A restart that failed or a server that went away: this cell is failed, not left running.
                status.put(new CellOutcome.SettingsNotApplied("server settings not applied: " + e.getMessage())
                        .row(cell, started, Instant.now().toString()));
                throw e;
            }
            EnvironmentCapture.recordServerSettings(out.resolve(RunFolder.ENVIRONMENT), base, applied.effective());
            if (!applied.ok()) {
                return ended(new CellOutcome.SettingsNotApplied(applied.reason()), cell, index, total, started, status, -1);
            }
        }
        if (children != null && embedded != null) {
            children.server(embedded.get(), db.kind().id() + " at " + db.redactedUrl());
        }
        CellOutcome outcome;
        // Host, server processes and database counters every second, beside the JTL (see monitor/).
        try (Monitor monitor = Monitor.start(new Monitor.Config(db.url(), db.user(), db.password(),
                RunFolder.monitorCsv(out, base), 1000, monitorAt, monitorAt == null ? null : monitorToken))) {
            outcome = agents.isEmpty()
                    ? cellRun.run(cell.id(), out.resolve(cell.planFile()), jtl, RunFolder.log(out, base), jmeterArgs(secret),
                            study.durationSeconds(), position)
                    : onAgents(cell, jtl, base, secret, position, cellRun);
            monitor.problems().forEach(p -> log.println("  monitor: " + p));
            List<CellStopFile.Row> stops = cellRun.lastStops(cell.id(), cell.replicate());
            if (!stops.isEmpty()) {
                recordStops(stops);
            }
            if (outcome.done() && monitor.databaseLost().isPresent()) {
                // JMeter may have finished its samples first; the monitor saw the server go.
                outcome = new CellOutcome.ServerGone("the server stopped answering the monitor: " + monitor.databaseLost().get(),
                        outcome.measures());
            }
        }
        return ended(outcome, cell, index, total, started, status, cellStart);
    }

    /**
     * A cell on the agents through a {@link StartGate}: all start together once the last is ready and the setUp
     * (on one agent) has ended; one that dies or falls silent fails the cell by name and stops the others.
     */
    private CellOutcome onAgents(Cell cell, Path jtl, String base, boolean secret, CellRun.Position position, CellRun cellRun)
            throws IOException, InterruptedException {
        // The gate listens where the agents call the runner back (RMI does too): the address on the route to them.
        String runner = RmiTransport.localAddressTowards(agents.get(0));
        java.net.InetAddress towards = runner == null ? java.net.InetAddress.getLocalHost() : java.net.InetAddress.getByName(runner);
        try (StartGate gate = StartGate.open(agents, towards)) {
            List<String> args = jmeterArgs(secret);
            args.addAll(gate.jmeterArgs());
            CellOutcome outcome = cellRun.agents(gate::lost, gate::stopAll).run(cell.id(), out.resolve(cell.planFile()), jtl,
                    RunFolder.log(out, base), args, study.durationSeconds(), position);
            log.println("  " + AgentWindows.read(jtl).describe(agents.size()));
            return outcome;
        }
    }

    /**
     * The one place a cell's end is written: its run-status row, then (when JMeter ran, {@code cellStart} its
     * start, else -1) the cell's whole wall time, then its last console line.
     */
    private Ended ended(CellOutcome outcome, Cell cell, int index, int total, String started, RunStatus status, long cellStart)
            throws IOException {
        RunStatusFile.Row row = outcome.row(cell, started, Instant.now().toString());
        status.put(row);
        if (cellStart >= 0) {
            // The cell's whole wall time (server settings, monitor, JMeter), beside CellRun's timing line.
            log.printf(Locale.ROOT, "  timing: cell %.1f s in all%n", (System.nanoTime() - cellStart) / 1e9);
        }
        log.println(outcome.line(index, total, cell.id()));
        return new Ended(outcome, row);
    }

    /** A cell that ends on precision: its rows of cell-stops.csv, and a console line. */
    private void recordStops(List<CellStopFile.Row> stops) throws IOException {
        try {
            CellStopFile.put(out.resolve(CellStopFile.FILE_NAME), stops);
        } catch (CsvFileException e) {
            throw new IOException(e.getMessage(), e);
        }
        log.println("  " + PrecisionWatch.describe(stops));
    }

    /** A results file left by an interrupted or failed run is kept, never overwritten. */
    private void keepInterrupted(Path jtl, String base) throws IOException {
        if (!Files.exists(jtl)) {
            return;
        }
        int n = 1;
        Path kept;
        do {
            kept = RunFolder.interrupted(out, base, n++);
        } while (Files.exists(kept));
        Files.move(jtl, kept, StandardCopyOption.ATOMIC_MOVE);
        log.println("  kept the earlier results of this cell as " + out.relativize(kept));
    }

    /** JMeter's options for a cell: the connection (see {@link #connectionArgs}), and the agents when there are some. */
    List<String> jmeterArgs(boolean secret) {
        List<String> args = connectionArgs(db, secret, !agents.isEmpty());
        if (!agents.isEmpty()) {
            args.add("-R" + String.join(",", agents));
            args.addAll(rmi.runnerArgs(agents));
            // JMeter logs the global properties it sends at INFO; they hold db.password.
            args.add("-Lorg.apache.jmeter.JMeter=WARN");
            args.add("-Lorg.apache.jmeter.engine.ClientJMeterEngine=WARN");
        }
        return args;
    }

    /**
     * The connection on JMeter's command line: the URL (a password moved out of it, see
     * {@link ConnectionSettings}) and the user as properties, {@code -J} or, with agents, {@code -G}. When there is
     * a secret ({@link #hasSecret}), a properties "file" that is JMeter's standard input, a pipe from this runner,
     * with {@code -q} or {@code -G}: the secret is in no file (none is left behind by a crash) and on no command
     * line ({@code ps}) or log. A URL that still holds a secret (such as {@code sslpassword=}) goes that way too.
     */
    static List<String> connectionArgs(ConnectionSettings db, boolean secret, boolean remote) {
        List<String> args = new ArrayList<>();
        String prefix = remote ? "-G" : "-J";
        if (!JdbcUrls.hasSecret(db.url())) {
            args.add(prefix + "db.url=" + db.url());
        }
        args.add(prefix + "db.user=" + db.user());
        if (secret) {
            args.add(remote ? "-G" : "-q");
            args.add(PASSWORD_INPUT);
        }
        return args;
    }

    /** Whether JMeter gets a secret through its standard input: a password, or a URL with a secret in it. */
    static boolean hasSecret(ConnectionSettings db) {
        return db.password() != null && !db.password().isEmpty() || JdbcUrls.hasSecret(db.url());
    }

    /** Where JMeter reads the secret properties: its standard input. */
    static final String PASSWORD_INPUT = "/dev/stdin";

    /** The properties JMeter reads from {@link #PASSWORD_INPUT}: the password, and the URL when it holds a secret. */
    static String secretProperties(ConnectionSettings db) throws IOException {
        Properties p = new Properties();
        if (db.password() != null && !db.password().isEmpty()) {
            p.setProperty("db.password", db.password());
        }
        if (JdbcUrls.hasSecret(db.url())) {
            p.setProperty("db.url", db.url());
        }
        java.io.StringWriter w = new java.io.StringWriter();
        p.store(w, null);
        return w.toString();
    }

    /**
     * Password files that earlier versions wrote to the temporary directory and a killed run left
     * behind ({@code dbstudy-db-*.properties}, this user's): deleted, with a line saying so.
     */
    private void deleteLeftoverPasswordFiles() {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        try (var files = Files.newDirectoryStream(tmp, "dbstudy-db-*.properties")) {
            for (Path f : files) {
                if (Files.isRegularFile(f, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                        && Files.getOwner(f).getName().equals(System.getProperty("user.name"))
                        && Files.deleteIfExists(f)) {
                    log.println("deleted a password file an earlier, killed run left behind: " + f);
                }
            }
        } catch (IOException | SecurityException e) {
            log.println("warning: could not look for password files left behind in " + tmp + ": " + e.getMessage());
        }
    }
}
