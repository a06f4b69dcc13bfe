package org.dbstudy.cli.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.vocabulary.CellPrecision;
import org.dbstudy.vocabulary.RunFolder;
import org.dbstudy.vocabulary.files.CellStopFile;

/**
 * One cell run by a JMeter child process ({@code -n -t plan -l results}), with a progress line
 * every few seconds and its {@link CellOutcome} at the end: done, or failed with the reason a user can act on.
 */
final class CellRun {
    /**
     * What the progress line needs to know of the whole study, and the preparing and finishing this
     * cell is expected to take (seconds, from {@link CellOverhead}).
     */
    record Position(int index, int total, long studyStartNanos, long secondsLeftAfterThisCell,
                    long expectedPreparingSeconds, long expectedFinishingSeconds) {
        Position(int index, int total, long studyStartNanos, long secondsLeftAfterThisCell) {
            this(index, total, studyStartNanos, secondsLeftAfterThisCell, 0, 0);
        }
    }

    /** How often the JTL is read for a failed setUp, whatever the progress interval. */
    private static final long LOOK_EVERY_MILLIS = 250;

    private final JMeterHome home;
    private final Path workDir;
    private final PrintStream log;
    private final long progressEveryMillis;
    private volatile Process process;
    /** Set when dbstudy itself stops JMeter (Ctrl-C): only then may it end before its window. */
    private volatile boolean stopAsked;
    private RunChildren children;
    private byte[] input = new byte[0];
    private CellPrecision precision = CellPrecision.FIXED;
    /** The last cell's watch when its cells end on precision, else null; and whether it stopped JMeter. */
    private PrecisionWatch lastWatch;
    private boolean stoppedOnPrecision;
    /** With agents: why one is lost (empty while all are alive), and how to stop every agent's engine. */
    private java.util.function.Supplier<java.util.Optional<String>> lostAgent = java.util.Optional::empty;
    private volatile Runnable stopAgents = () -> { };

    CellRun(JMeterHome home, Path workDir, PrintStream log, long progressEveryMillis) {
        this.home = home;
        this.workDir = workDir;
        this.log = log;
        this.progressEveryMillis = progressEveryMillis;
    }

    /** Lists each JMeter among the run's children, so it never outlives a killed runner. */
    CellRun children(RunChildren watched) {
        this.children = watched;
        return this;
    }

    /** Cells that end on precision: each is watched and stopped once settled ({@link PrecisionWatch}). */
    CellRun precision(CellPrecision cells) {
        this.precision = cells;
        return this;
    }

    /**
     * The last cell's rows of {@code cell-stops.csv}: how it ended, its warm-up and precision; none for fixed cells.
     */
    List<CellStopFile.Row> lastStops(String cell, int replicate) {
        return lastWatch == null ? List.of() : lastWatch.rows(cell, replicate, stoppedOnPrecision);
    }

    /** Seconds the last cell measured: its JTL's window when it was watched for precision, else -1. */
    double lastMeasuredSeconds() {
        return lastWatch == null ? -1 : lastWatch.measuredSeconds();
    }

    /**
     * The agents of the next cells: {@code lost} says why one is lost (the cell then stops and fails naming it),
     * {@code stopAll} stops every agent's engine whenever this cell stops JMeter (Ctrl-C, failed setUp, server gone).
     */
    CellRun agents(java.util.function.Supplier<java.util.Optional<String>> lost, Runnable stopAll) {
        this.lostAgent = lost;
        this.stopAgents = stopAll;
        return this;
    }

    /**
     * What JMeter reads from its standard input ({@code -q /dev/stdin}): the password as a property, through
     * a pipe, so it is in no file and on no command line.
     */
    CellRun input(String text) {
        this.input = text.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        return this;
    }

    /** The JMeter command line of a cell, as it is started (and as {@code ps} shows it). */
    List<String> command(Path plan, Path jtl, Path jmeterLog, List<String> jmeterArgs) {
        List<String> cmd = home.command();
        // The JVM's collections beside its log, whatever the home: analysis reads the client's pauses from them.
        cmd.add("-Xlog:gc:file=" + RunFolder.gcLog(jmeterLog));
        cmd.addAll(List.of("-jar", home.launcherJar().toString(), "-n", "-t", plan.toString(), "-l", jtl.toString(),
                "-j", jmeterLog.toString()));
        cmd.addAll(home.jmeterArgs());
        // Every result line on disk at once, whatever the home's properties: a failed setUp ends the cell now.
        cmd.add("-Jjmeter.save.saveservice.autoflush=true");
        cmd.addAll(jmeterArgs);
        return cmd;
    }

    CellOutcome run(String cellId, Path plan, Path jtl, Path jmeterLog, List<String> jmeterArgs, long durationSeconds,
                Position position) throws IOException, InterruptedException {
        List<String> cmd = command(plan, jtl, jmeterLog, jmeterArgs);
        Path out = jmeterLog.resolveSibling(jmeterLog.getFileName().toString().replace(".log", ".out"));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(out.toFile());
        long start = System.nanoTime();
        long startEpoch = System.currentTimeMillis();
        process = pb.start();
        ProcessHandle jmeter = process.toHandle();
        if (children != null) {
            children.started(RunChildren.JMETER, jmeter, "cell " + cellId);
        }
        try {
            ClientCpu cpu = new ClientCpu(Runtime.getRuntime().availableProcessors());
            return watch(process, cellId, jtl, jmeterLog, out, durationSeconds, position, start, startEpoch, cpu);
        } finally {
            if (children != null) {
                children.ended(jmeter);
            }
        }
    }

    private CellOutcome watch(Process process, String cellId, Path jtl, Path jmeterLog, Path out, long durationSeconds,
                          Position position, long start, long startEpoch, ClientCpu cpu)
            throws IOException, InterruptedException {
        try (var stdin = process.getOutputStream()) {
            stdin.write(input);
        } catch (IOException e) {
            // JMeter ended before it read its input: its exit status and log say why.
        }
        JtlTally tally = new JtlTally(jtl);
        PrecisionWatch watch = precision.fixed() ? null : new PrecisionWatch(precision);
        lastWatch = watch;
        stoppedOnPrecision = false;
        tally.sink(watch);
        CellPhase phase = new CellPhase(start, durationSeconds);
        long lastSamples = 0;
        long lastTick = start;
        boolean stoppedAtSetUp = false;
        String agentLost = null;
        while (!process.waitFor(Math.min(LOOK_EVERY_MILLIS, progressEveryMillis), TimeUnit.MILLISECONDS)) {
            tally.update();
            java.util.Optional<String> lost = lostAgent.get();
            if (lost.isPresent()) {
                // JMeter would wait for the lost agent's end forever: stop the others and JMeter, keep what came.
                agentLost = lost.get();
                log.println("  " + agentLost + "; stopping every agent and this cell");
                stopAgents.run();
                process.destroy();
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor();
                }
                break;
            }
            if (tally.serverGone() != null) {
                // The server died under the cell: what JMeter measures from here is not the cell's.
                log.println("  " + tally.serverGone() + "; stopping this cell");
                stopAgents.run();
                process.destroy();
                process.waitFor();
                break;
            }
            long now = System.nanoTime();
            phase.samplesSeen(tally.samples(), now);
            if (phase.measuring() && phase.measuredSeconds(now) < durationSeconds) {
                cpu.inWindow(now, process.toHandle().info().totalCpuDuration());
            }
            if (tally.setUpFailure() != null) {
                // The cell cannot measure anything now: end it instead of waiting out its window.
                stoppedAtSetUp = true;
                stopAgents.run();
                process.destroy();
                process.waitFor();
                break;
            }
            if (watch != null && phase.measuring() && watch.settled()) {
                // Settled: the way dbstudy stops a cell (its own child, never JMeter's control port); every sample
                // JMeter wrote is on disk already (autoflush), the one in flight is not measured.
                stoppedOnPrecision = true;
                stopAgents.run();
                process.destroy();
                process.waitFor();
                break;
            }
            if (now - lastTick < progressEveryMillis * 1_000_000L) {
                continue;
            }
            double rate = (tally.samples() - lastSamples) / Math.max(1e-9, (now - lastTick) / 1e9);
            lastSamples = tally.samples();
            lastTick = now;
            long studyElapsed = (now - position.studyStartNanos()) / 1_000_000_000L;
            long eta = phase.secondsLeft(now, position.expectedPreparingSeconds(), position.expectedFinishingSeconds())
                    + position.secondsLeftAfterThisCell();
            log.printf(Locale.ROOT, "  cell %d/%d %s: %d samples, %.0f/s, %.1f%% errors, %s; study %s elapsed, ETA %s%n",
                    position.index(), position.total(), cellId, tally.samples(), rate,
                    percent(tally.errors(), tally.samples()), phase.describe(now),
                    Durations.hms(studyElapsed), Durations.hms(eta));
        }
        int exit = process.exitValue();
        long exitEpoch = System.currentTimeMillis();
        this.process = null;
        tally.update();
        log.println("  " + timing(startEpoch, tally.setUpStart(), tally.firstStart(), tally.lastEnd(), exitEpoch));
        long end = System.nanoTime();
        phase.samplesSeen(tally.samples(), end);
        double wall = (end - start) / 1e9;
        double preparing = phase.measuring() ? phase.preparingSeconds(end) : wall;
        CellOutcome.Measures measures = new CellOutcome.Measures(tally.samples(), tally.errors(), preparing, wall, cpu.pct());
        if (agentLost != null) {
            return new CellOutcome.AgentLost(agentLost, measures);
        }
        if (stoppedAtSetUp) {
            return new CellOutcome.SetUpFailed(tally.setUpFailure()
                    + " (JMeter stopped at once: the cell cannot measure without its setUp)", measures);
        }
        String failure = tally.failure();
        if (failure != null) {
            return tally.setUpFailure() != null ? new CellOutcome.SetUpFailed(failure, measures)
                    : failure.equals(tally.serverGone()) ? new CellOutcome.ServerGone(failure, measures)
                    : new CellOutcome.Invalid(failure, measures);
        }
        if (exit != 0 && !stoppedOnPrecision) {
            return new CellOutcome.JMeterDied(howItDied(exit, List.of(jmeterLog, out)) + "; see " + workDir.relativize(jmeterLog),
                    measures);
        }
        if (tally.samples() == 0) {
            return new CellOutcome.NoSamples(NoSamplesReason.explain(jmeterLog, durationSeconds, Math.round(wall)),
                    new CellOutcome.Measures(0, 0, preparing, wall, cpu.pct()));
        }
        String early = stopAsked || stoppedOnPrecision ? null
                : earlyEnd(startEpoch, tally.setUpEnd(), tally.firstStart(), tally.lastEnd(), exitEpoch, durationSeconds);
        if (early != null) {
            return new CellOutcome.JMeterDied(early + "; see " + workDir.relativize(jmeterLog), measures);
        }
        return new CellOutcome.Done(measures);
    }

    /** Stops the running JMeter (Ctrl-C on the study): what it wrote so far stays on disk. */
    void stop() {
        Process p = process;
        if (p != null) {
            stopAsked = true;
            stopAgents.run();
            p.destroy();
        }
    }

    /**
     * How far JMeter's end may fall before the earliest a full window allows: the runner's clock against
     * the JTL's, one clock on this host; agents' clocks (distributed cells) kept close by NTP.
     */
    static final long EARLY_END_TOLERANCE_MILLIS = 2000;

    /**
     * Why a JMeter that exited by itself (status 0) cannot have run its plan to the end, or null. The
     * users' groups start after the last setUp sample ends (after JMeter's start, without one) and stop
     * when the study's duration has passed since (JMeter's scheduler; ramp-up is part of it), so a
     * JMeter that ran its plan exits no earlier than that. An earlier end was asked by someone else: a
     * {@code StopTestNow}, a signal JMeter took as a clean shutdown, an engine stopped over RMI.
     *
     * @param setUpEnd   epoch ms of the last setUp sample's end in the JTL, or -1
     * @param firstStart epoch ms of the first workload sample's start, or -1
     * @param lastEnd    epoch ms of the last workload sample's end, or -1
     */
    static String earlyEnd(long startEpoch, long setUpEnd, long firstStart, long lastEnd, long exitEpoch,
                           long durationSeconds) {
        long groupsStart = Math.max(startEpoch, setUpEnd);
        if (exitEpoch >= groupsStart + durationSeconds * 1000 - EARLY_END_TOLERANCE_MILLIS) {
            return null;
        }
        double measured = firstStart >= 0 && lastEnd >= firstStart ? (lastEnd - firstStart) / 1000.0 : 0;
        return String.format(Locale.ROOT, "JMeter ended after %.1f s of its %d s window, not stopped by dbstudy",
                measured, durationSeconds);
    }

    /**
     * Where a cell's wall time went, from the runner's clock and the JTL's: JMeter's start to its first
     * setUp sample (JVM, JMeter, plan), the setUp to the first workload sample (schema, load, priming),
     * the measured window, and the last sample's end to JMeter's exit (tearDown with any consistency
     * check, JMeter's shutdown). One clock, one host: the JTL's timestamps are this host's unless
     * agents ran the cell. Without a setUp sample the first two are one.
     */
    static String timing(long startEpoch, long setUpStart, long firstStart, long lastEnd, long exitEpoch) {
        if (firstStart < 0 || lastEnd < firstStart) {
            return String.format(Locale.ROOT, "timing: JMeter ran %.1f s, no workload sample", (exitEpoch - startEpoch) / 1000.0);
        }
        String start = setUpStart < 0 || setUpStart > firstStart
                ? String.format(Locale.ROOT, "%.1f s JMeter start to first sample (JVM, plan, setUp)", (firstStart - startEpoch) / 1000.0)
                : String.format(Locale.ROOT, "%.1f s JMeter start to setUp (JVM, plan), %.1f s setUp to first sample (schema,"
                        + " load, priming)", (setUpStart - startEpoch) / 1000.0, (firstStart - setUpStart) / 1000.0);
        return String.format(Locale.ROOT, "timing: %s, %.1f s measured, %.1f s last sample to exit (tearDown, checks,"
                + " shutdown); overhead %.1f s of %.1f s", start, (lastEnd - firstStart) / 1000.0, (exitEpoch - lastEnd) / 1000.0,
                (exitEpoch - startEpoch - (lastEnd - firstStart)) / 1000.0, (exitEpoch - startEpoch) / 1000.0);
    }

    static double percent(long part, long whole) {
        return whole == 0 ? 0 : 100.0 * part / whole;
    }

    /** Signal numbers as Linux has them, for the exit status 128 + N of a process a signal ended. */
    private static final java.util.Map<Integer, String> SIGNALS = java.util.Map.of(1, "SIGHUP", 2, "SIGINT", 3, "SIGQUIT",
            4, "SIGILL", 6, "SIGABRT", 7, "SIGBUS", 9, "SIGKILL", 11, "SIGSEGV", 13, "SIGPIPE", 15, "SIGTERM");

    /**
     * How a JMeter process that exited with {@code exit} (not 0) died: out of memory when its log or
     * console says {@code java.lang.OutOfMemoryError}, killed by a signal for 128 + N, else the status.
     */
    static String howItDied(int exit, List<Path> logs) {
        for (Path p : logs) {
            try {
                if (Files.exists(p) && Files.readString(p, java.nio.charset.StandardCharsets.ISO_8859_1)
                        .contains("java.lang.OutOfMemoryError")) {
                    return "JMeter ran out of memory (java.lang.OutOfMemoryError, exit " + exit + ")";
                }
            } catch (IOException e) {
                return "JMeter exited with status " + exit + " (cannot read " + p + ": " + e.getMessage() + ")";
            }
        }
        if (exit > 128 && exit < 128 + 65) {
            String name = SIGNALS.getOrDefault(exit - 128, "signal " + (exit - 128));
            return "JMeter was killed by " + name + " (exit " + exit + ")";
        }
        return "JMeter exited with status " + exit;
    }
}
