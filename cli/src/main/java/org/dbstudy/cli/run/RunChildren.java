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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.dbstudy.cli.failure.EnvironmentError;
import org.dbstudy.vocabulary.RunFolder;

/**
 * The processes a run starts that must not outlive it: each cell's JMeter and an embedded server.
 * Two guards, because a runner killed with SIGKILL runs no shutdown hook:
 * <ul>
 * <li>a watchdog ({@code sh}, started once per run) holds the read end of a pipe from the runner; when
 * the runner dies, however it dies, the pipe closes and the watchdog signals every child still
 * registered (SIGTERM; SIGINT, PostgreSQL's fast shutdown, for a postmaster), then SIGKILL 10 s later;</li>
 * <li>{@code OUT/children.pid} lists them (role, PID, start time, what), so the next {@code run} or
 * {@code --resume} into OUT stops any that is still there before it starts anything: an orphan is
 * stopped, never adopted or measured. The start time tells a reused PID from the child.</li>
 * </ul>
 */
public final class RunChildren implements AutoCloseable {
    static final String FILE_NAME = RunFolder.CHILDREN;

    /** Reads "+ PID SIGNAL" / "- PID" lines; at end of input signals what is left. Ignores the terminal's SIGINT/SIGHUP. */
    private static final String WATCHDOG = String.join("\n",
            "trap '' INT HUP",
            "pids=''",
            "while read -r op pid sig; do",
            "  case \"$op\" in",
            "    +) pids=\"$pids $pid:$sig\" ;;",
            "    -) left=''; for e in $pids; do [ \"${e%%:*}\" = \"$pid\" ] || left=\"$left $e\"; done; pids=$left ;;",
            "  esac",
            "done",
            "[ -n \"$pids\" ] || exit 0",
            "for e in $pids; do kill -s \"${e#*:}\" \"${e%%:*}\" 2>/dev/null; done",
            "sleep 10",
            "for e in $pids; do kill -s KILL \"${e%%:*}\" 2>/dev/null; done",
            "");

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
            return role + " (PID " + pid + ", started " + started + (what.isEmpty() ? "" : ", " + what) + ")";
        }
    }

    static final String JMETER = "JMeter";
    static final String SERVER = "embedded server";

    private final Path file;
    private final Map<Long, Child> children = new LinkedHashMap<>();
    private final Process watchdog;
    private final OutputStream toWatchdog;

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

    /** Stops the children an earlier run listed that still run: JMeter first, so a server has no clients left. */
    static void stopOrphans(Path file, PrintStream log) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        List<Child> listed = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            Child.parse(line).ifPresent(listed::add);
        }
        listed.sort((a, b) -> Boolean.compare(SERVER.equals(a.role()), SERVER.equals(b.role())));
        for (Child child : listed) {
            Optional<ProcessHandle> live = child.live();
            if (live.isEmpty()) {
                continue;
            }
            boolean stopped = stop(live.get(), SERVER.equals(child.role()));
            log.println((stopped ? "stopped " : "could not stop ") + "a process an earlier, killed run into this folder left running: "
                    + child.describe() + (stopped ? "; it is not measured" : "; stop it with 'kill -9 " + child.pid() + "'"));
            if (!stopped) {
                throw new EnvironmentError("an earlier run's " + child.describe() + " still runs; stop it with 'kill -9 "
                        + child.pid() + "', then run again");
            }
        }
        Files.delete(file);
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
        tell("+ " + process.pid() + " " + (SERVER.equals(role) ? "INT" : "TERM"));
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
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
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
        children.clear();
        toWatchdog.close();
        Files.deleteIfExists(file);
    }
}
