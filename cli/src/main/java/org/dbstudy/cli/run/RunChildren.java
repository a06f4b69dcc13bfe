package org.dbstudy.cli.run;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.LinkedHashSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.dbstudy.cli.failure.EnvironmentError;
import org.dbstudy.databases.ChildWatch;
import org.dbstudy.vocabulary.RunFolder;

/**
 * The processes a run starts that must not outlive it: each cell's JMeter, an embedded server (from the
 * moment its folder exists, before its first process), a restart command and all it starts. Two guards,
 * because a runner killed with SIGKILL runs no shutdown hook:
 * <ul>
 * <li>a watchdog ({@code sh}, {@code watchdog.sh} beside this class, started once per run) holds the read
 * end of a pipe from the runner; when the runner dies, however it dies, the pipe closes and the watchdog
 * stops every child still registered: JMeter with SIGTERM, a restart command's tree with SIGKILL, every
 * process naming a server folder with SIGINT (PostgreSQL's fast shutdown), then SIGKILL 10 s later;</li>
 * <li>{@code OUT/children.pid} lists them (role, PID, start time, what; a server folder with PID 0), so the
 * next {@code run}, {@code --resume} or {@code restore} into OUT stops any that is still there before it
 * starts anything: an orphan is stopped, never adopted or measured. The start time tells a reused PID from
 * the child; a server folder's processes are those whose command line names the folder.</li>
 * </ul>
 * It is the {@link ChildWatch} the embedded servers and {@code CommandRestart} tell of what they start.
 */
public final class RunChildren implements AutoCloseable, ChildWatch {
    static final String FILE_NAME = RunFolder.CHILDREN;

    /** The watchdog's script: its protocol is in its header. */
    private static final String WATCHDOG = watchdogScript();

    /** A child as the PID file lists it. */
    record Child(String role, long pid, String started, String what) {
        String line() {
            return role + "\t" + pid + "\t" + started + "\t" + what.replace('\t', ' ').replace('\n', ' ');
        }

        static Optional<Child> parse(String line) {
            String[] f = line.split("\t", 4);
            if (f.length < 4) {
                return Optional.empty();
            }
            try {
                return Optional.of(new Child(f[0], Long.parseLong(f[1].trim()), f[2], f[3]));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }

        /** The process, if it still runs and is the one recorded (not another that got its PID since). */
        Optional<ProcessHandle> live() {
            return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                    .filter(p -> p.info().startInstant().map(Instant::toString).orElse("").equals(started));
        }

        String describe() {
            if (COMMAND.equals(role)) {
                return what + " (PID " + pid + ", started " + started + ")";
            }
            return role + " (PID " + pid + ", started " + started + (what.isEmpty() ? "" : ", " + what) + ")";
        }

        /** The order in which a next run stops them: JMeter first, so a server has no clients left. */
        int stopOrder() {
            return switch (role) {
                case JMETER -> 0;
                case COMMAND -> 1;
                case SERVER -> 2;
                default -> 3;
            };
        }
    }

    static final String JMETER = "JMeter";
    static final String SERVER = "embedded server";
    /** A restart command ({@code CommandRestart}): it and every process it started. */
    static final String COMMAND = "restart command";
    /** An embedded server's folder: its processes are those whose command line names it ({@link #names}). */
    static final String FOLDER = "server folder";

    private final Path file;
    private final Map<Long, Child> children = new LinkedHashMap<>();
    private final Set<Path> folders = new LinkedHashSet<>();
    private final Process watchdog;
    private final OutputStream toWatchdog;

    private static String watchdogScript() {
        try (var in = RunChildren.class.getResourceAsStream("watchdog.sh")) {
            if (in == null) {
                throw new IllegalStateException("watchdog.sh is missing beside " + RunChildren.class.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private RunChildren(Path file, Process watchdog) {
        this.file = file;
        this.watchdog = watchdog;
        this.toWatchdog = watchdog.getOutputStream();
    }

    /**
     * Stops what an earlier, killed run into {@code out} left running (a line for each), then starts this
     * run's watchdog. Call it with the run folder locked ({@link RunFolderLock}) and before anything starts.
     */
    public static RunChildren open(Path out, PrintStream log) throws IOException {
        Path file = out.resolve(FILE_NAME);
        stopOrphans(file, log);
        Process watchdog = new ProcessBuilder("sh", "-c", WATCHDOG)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        RunChildren children = new RunChildren(file, watchdog);
        children.write();
        return children;
    }

    /**
     * Stops, before {@code restore} touches the server, what an earlier, killed run into the folder that
     * {@code lock} holds left running, a line for each (as {@link #open} does for a run).
     */
    public static void stopLeftBehind(RunFolderLock lock, PrintStream log) throws IOException {
        stopOrphans(lock.folder().resolve(FILE_NAME), log);
    }

    /** Stops the children an earlier run listed that still run: JMeter first, so a server has no clients left. */
    static void stopOrphans(Path file, PrintStream log) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        List<Child> listed = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            Child.parse(line).ifPresent(listed::add);
        }
        listed.sort(java.util.Comparator.comparingInt(Child::stopOrder));
        Set<Long> stopped = new java.util.HashSet<>();
        for (Child child : listed) {
            if (COMMAND.equals(child.role())) {
                stopCommand(child, log);
                continue;
            }
            List<ProcessHandle> live = FOLDER.equals(child.role()) ? naming(Path.of(child.what())) : child.live().stream().toList();
            for (ProcessHandle process : live) {
                if (!stopped.add(process.pid())) {
                    continue;
                }
                String what = FOLDER.equals(child.role())
                        ? new Child(SERVER, process.pid(), process.info().startInstant().map(Instant::toString).orElse(""),
                                "its command line names " + child.what()).describe()
                        : child.describe();
                stopOrFail(process, !JMETER.equals(child.role()), what, log);
            }
        }
        Files.delete(file);
    }

    /** Stops one left-over process with a line saying so, or throws naming it when it will not stop. */
    private static void stopOrFail(ProcessHandle process, boolean server, String what, PrintStream log) {
        boolean gone = stop(process, server);
        log.println((gone ? "stopped " : "could not stop ") + "a process an earlier, killed run into this folder left running: "
                + what + (gone ? "; it is not measured" : "; stop it with 'kill -9 " + process.pid() + "'"));
        if (!gone) {
            throw new EnvironmentError("an earlier run's " + what + " still runs; stop it with 'kill -9 "
                    + process.pid() + "', then run again");
        }
    }

    /**
     * A restart command the killed run was in: stopped with everything it started, if it still runs, and
     * said either way, since it may have stopped the server without starting it again.
     */
    private static void stopCommand(Child command, PrintStream log) {
        Optional<ProcessHandle> live = command.live();
        live.ifPresent(RunChildren::killTree);
        boolean gone = live.map(RunChildren::gone).orElse(true);
        String half = "; the server may be stopped or not restarted with its settings: it is checked before anything runs";
        if (live.isEmpty()) {
            log.println("an earlier run into this folder was killed during its " + command.describe() + ", which no longer runs" + half);
        } else if (gone) {
            log.println("stopped a process an earlier, killed run into this folder left running: " + command.describe()
                    + " and the processes it started" + half);
        } else {
            throw new EnvironmentError("an earlier run's " + command.describe() + " still runs; stop it with 'kill -9 "
                    + command.pid() + "', then run again");
        }
    }

    /** Kills a command and all it started (its children first listed, while it still holds them). */
    private static void killTree(ProcessHandle root) {
        List<ProcessHandle> below = root.descendants().toList();
        root.destroyForcibly();
        below.forEach(ProcessHandle::destroyForcibly);
    }

    /** The live processes, this one aside, whose command line names {@code folder} ({@link #names}). */
    static List<ProcessHandle> naming(Path folder) {
        long self = ProcessHandle.current().pid();
        return ProcessHandle.allProcesses().filter(p -> p.pid() != self)
                .filter(p -> names(p.info().commandLine().orElse(""), folder.toString())).toList();
    }

    /**
     * Whether a command line names a server folder the way a server's processes do, as the watchdog tests
     * it: {@code -D FOLDER} (initdb, pg_ctl, the postmaster), {@code --option=FOLDER/…} (mariadbd), or a
     * program inside it. A command that merely mentions a file there ({@code tail FOLDER/log}) is not one.
     */
    static boolean names(String commandLine, String folder) {
        String c = " " + commandLine + " ";
        for (String before : List.of(" -D ", "=")) {
            if (c.contains(before + folder + " ") || c.contains(before + folder + "/")) {
                return true;
            }
        }
        return c.startsWith(" " + folder + "/");
    }

    /** SIGINT for a server (PostgreSQL's fast shutdown; MariaDB shuts down on it too), SIGTERM for JMeter, SIGKILL after 10 s. */
    private static boolean stop(ProcessHandle process, boolean server) {
        if (server) {
            try {
                new ProcessBuilder("kill", "-s", "INT", Long.toString(process.pid())).start().waitFor(10, TimeUnit.SECONDS);
            } catch (IOException e) {
                process.destroy();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        } else {
            process.destroy();
        }
        if (gone(process)) {
            return true;
        }
        process.destroyForcibly();
        return gone(process);
    }

    /** Whether the process ended within 10 s. */
    private static boolean gone(ProcessHandle process) {
        try {
            process.onExit().get(10, TimeUnit.SECONDS);
            return true;
        } catch (TimeoutException | ExecutionException e) {
            return !process.isAlive();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }

    /** A child this run started: listed in OUT/children.pid and watched. */
    synchronized void started(String role, ProcessHandle process, String what) {
        Child child = new Child(role, process.pid(), process.info().startInstant().map(Instant::toString).orElse(""), what);
        children.put(process.pid(), child);
        tell("+ " + process.pid() + ":" + (SERVER.equals(role) ? "INT" : "TERM"));
        write();
    }

    /** A child that ended (or was stopped) while the run goes on. */
    synchronized void ended(ProcessHandle process) {
        if (children.remove(process.pid()) != null) {
            tell("- " + process.pid());
            write();
        }
    }

    /** The embedded server's process now (after a restart it is another): listed instead of the one before. */
    public synchronized void server(Optional<ProcessHandle> now, String what) {
        for (Child c : List.copyOf(children.values())) {
            if (SERVER.equals(c.role()) && (now.isEmpty() || c.pid() != now.get().pid())) {
                children.remove(c.pid());
                tell("- " + c.pid());
            }
        }
        if (now.isPresent() && !children.containsKey(now.get().pid())) {
            started(SERVER, now.get(), what);
        }
        write();
    }

    @Override
    public synchronized void serverFolder(Path folder) {
        if (folders.add(folder.toAbsolutePath())) {
            tell("d " + folder.toAbsolutePath());
            write();
        }
    }

    @Override
    public synchronized void serverFolderGone(Path folder) {
        if (folders.remove(folder.toAbsolutePath())) {
            tell("u " + folder.toAbsolutePath());
            write();
        }
    }

    @Override
    public synchronized void commandStarted(ProcessHandle command, String what) {
        children.put(command.pid(), new Child(COMMAND, command.pid(),
                command.info().startInstant().map(Instant::toString).orElse(""), what));
        tell("t " + command.pid());
        write();
    }

    @Override
    public synchronized void commandEnded(ProcessHandle command) {
        ended(command);
    }

    private void tell(String line) {
        try {
            toWatchdog.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
            toWatchdog.flush();
        } catch (IOException e) {
            // The watchdog is gone: the PID file still lets the next run stop what is left.
        }
    }

    private void write() {
        StringBuilder text = new StringBuilder();
        children.values().forEach(c -> text.append(c.line()).append('\n'));
        folders.forEach(f -> text.append(new Child(FOLDER, 0, "", f.toString()).line()).append('\n'));
        try {
            // A new file moved over the old one: a runner killed or frozen mid-write never leaves the list
            // empty or half written for the next run to read.
            Path fresh = file.resolveSibling(file.getFileName() + ".new");
            Files.writeString(fresh, text, StandardCharsets.UTF_8);
            Files.move(fresh, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** A clean end: nothing of this run is left to watch; the watchdog ends with its input. */
    @Override
    public synchronized void close() throws IOException {
        for (Long pid : new ArrayList<>(children.keySet())) {
            tell("- " + pid);
        }
        folders.forEach(f -> tell("u " + f));
        children.clear();
        folders.clear();
        toWatchdog.close();
        Files.deleteIfExists(file);
    }
}
