package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.dbstudy.cli.MainTest;
import org.dbstudy.databases.EmbeddedPostgres;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every child of a run is tracked from the moment it starts (issue 46): a runner SIGKILLed while its
 * embedded PostgreSQL or MariaDB starts, or while its PostgreSQL restarts for a {@code server.} factor,
 * leaves no process naming the server's folder behind, whether its watchdog stops them or (watchdog dead
 * too) the next run's start does, with a line saying so; a restart command a killed run listed is stopped
 * with its children. (The moment of a restart command, on a server of the test's own, is in
 * {@code ServerJournalCrashTest}.) The moments are found by watching {@code children.pid} and the
 * processes that name the listed folder, never by sleeping.
 */
class KilledRunnerChildrenTest {
    /** A study whose second cell restarts the embedded server (shared_buffers needs a restart; the first is its start's). */
    private static final String RESTARTING = """
            name: killed-restart
            workload: {template: crud, parameters: {table: dbstudy_killed_restart}}
            factors:
              operation: [read]
              users: [1]
              rows: [10]
              server.shared_buffers: [16MB, 32MB]
            settings: {duration: 2, rest: 0}
            """;

    @Test
    void aRunnerKilledWhileItsEmbeddedPostgresStartsLeavesNothingNamingItsDataDirectory(@TempDir Path dir) throws Exception {
        killDuringTheStart(dir, "embedded-postgres");
    }

    @Test
    void aRunnerKilledWhileItsEmbeddedMariaDbStartsLeavesNothingNamingItsFolder(@TempDir Path dir) throws Exception {
        killDuringTheStart(dir, "embedded-mariadb");
    }

    /**
     * SIGKILLs a runner of {@code db} as soon as a process of its starting server names the folder the run
     * listed (initdb, mariadb-install-db, …); its watchdog then stops every such process.
     */
    private static void killDuringTheStart(Path dir, String db) throws Exception {
        Path out = dir.resolve("out");
        Path log = dir.resolve("run.log");
        Process run = RunSafetyTest.runner(log, "run", "--study", "smoke", "--set", "operation=read", "--set", "users=1",
                "--duration", "2", "--db", db, "--out", out.toString(), "--progress", "1");
        List<ProcessHandle> starting = new ArrayList<>();
        try {
            Path folder = newFolder(out, List.of(), run, log);
            RunSafetyTest.await("a process of the starting server",
                    () -> !RunChildren.naming(folder).isEmpty() || !run.isAlive());
            starting.addAll(RunChildren.naming(folder));
            ProcessHandle watchdog = watchdog(run);
            run.toHandle().destroyForcibly(); // SIGKILL: no shutdown hook, no close()
            assertTrue(run.waitFor(60, TimeUnit.SECONDS));
            assertFalse(starting.isEmpty(), RunSafetyTest.read(log));
            assertFalse(RunSafetyTest.read(log).contains(db + " is "), "killed during the start: " + RunSafetyTest.read(log));
            // The watchdog ends once it has stopped what was left (SIGKILL 10 s after SIGINT).
            watchdog.onExit().get(2, TimeUnit.MINUTES);
            assertEquals(List.of(), commandLines(RunChildren.naming(folder)), "nothing names " + folder);
            for (ProcessHandle p : starting) {
                assertFalse(p.isAlive(), "outlived the runner: " + p.pid());
            }
        } finally {
            run.destroyForcibly();
            starting.forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void aPostmasterLeftByARunnerAndWatchdogKilledDuringTheStartIsStoppedByTheNextRun(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        List<String> args = List.of("run", "--study", "smoke", "--set", "operation=read", "--set", "users=1",
                "--duration", "2", "--db", "embedded-postgres", "--out", out.toString(), "--progress", "1");
        killWithWatchdogOnceAPostmasterRuns(dir, out, args, 0);
    }

    @Test
    void aPostmasterLeftByARunnerAndWatchdogKilledDuringARestartIsStoppedByTheNextRun(@TempDir Path dir) throws Exception {
        Path study = Files.writeString(dir.resolve("restart.yaml"), RESTARTING);
        Path out = dir.resolve("out");
        List<String> args = List.of("run", "--study", study.toString(), "--db", "embedded-postgres", "--out", out.toString(),
                "--progress", "1");
        // The first folder is the server the run started; the second the one its restart for shared_buffers=32MB starts.
        killWithWatchdogOnceAPostmasterRuns(dir, out, args, 1);
    }

    /**
     * Runs {@code args} as a runner JVM; once the {@code index}th server folder it lists (0: the first) has a postmaster
     * (its postmaster.pid names a live process) and before the runner has listed that postmaster itself,
     * freezes the runner (SIGSTOP), SIGKILLs its watchdog and then the runner, as a {@code kill -9} of the
     * whole job would. The postmaster survives; the next run into OUT stops it and says so in one line.
     */
    private static void killWithWatchdogOnceAPostmasterRuns(Path dir, Path out, List<String> args, int index) throws Exception {
        Path log = dir.resolve("killed.log");
        Process run = RunSafetyTest.runner(log, args.toArray(String[]::new));
        List<Path> folders = new ArrayList<>();
        Optional<ProcessHandle> survivor = Optional.empty();
        try {
            for (int i = 0; i <= index; i++) {
                folders.add(newFolder(out, folders, run, log));
            }
            Path folder = folders.get(index);
            // The listed folder holds the server's data directory ("data"), where the postmaster writes its pid file.
            Path data = folder.resolve("data");
            RunSafetyTest.await("the postmaster of " + folder, () -> EmbeddedPostgres.postmaster(data).isPresent() || !run.isAlive());
            signal("STOP", run.pid());
            survivor = EmbeddedPostgres.postmaster(data);
            assertTrue(survivor.isPresent(), RunSafetyTest.read(log));
            // A runner killed before it lists the postmaster's PID leaves only the folder's line. The server now starts
            // in well under a second, so the runner has often listed the PID by the time it is frozen: its line is then
            // taken out, as if the runner had died a moment earlier, so that the folder alone must lead to the postmaster.
            Path list = out.resolve(RunChildren.FILE_NAME);
            String serverLine = RunChildren.SERVER + "\t" + survivor.get().pid() + "\t";
            String listed = RunSafetyTest.read(list);
            Files.write(list, listed.lines().filter(l -> !l.startsWith(serverLine)).toList());
            assertTrue(RunSafetyTest.read(list).contains(folder.toString()), "the folder stays listed: " + listed);
            ProcessHandle watchdog = watchdog(run);
            watchdog.destroyForcibly();
            run.toHandle().destroyForcibly(); // stopped, it could not reap the watchdog; killed, init does
            assertTrue(run.waitFor(60, TimeUnit.SECONDS));
            watchdog.onExit().get(60, TimeUnit.SECONDS);
            assertTrue(survivor.get().isAlive(), "the postmaster outlived runner and watchdog");

            ProcessHandle postmaster = survivor.get();
            String stopped = "stopped a process an earlier, killed run into this folder left running: embedded server (PID "
                    + postmaster.pid() + ", started " + postmaster.info().startInstant().orElseThrow() + ", its command line names "
                    + folder + "); it is not measured";
            List<String> next = new ArrayList<>(args);
            next.add("--resume");
            MainTest.Run r = MainTest.run(next.toArray(String[]::new));
            assertTrue(r.out().lines().anyMatch(stopped::equals), stopped + "\n---\n" + r.out() + r.err());
            assertTrue(r.out().indexOf(stopped) < r.out().indexOf("starting embedded-postgres"), r.out());
            assertFalse(postmaster.isAlive());
            assertEquals(0, r.status(), r.out() + r.err());
            for (Path f : folders) {
                assertEquals(List.of(), commandLines(RunChildren.naming(f)), "nothing names " + f);
            }
            assertFalse(Files.exists(out.resolve(RunChildren.FILE_NAME)), "the next run ended cleanly");
        } finally {
            signal("CONT", run.pid());
            run.destroyForcibly();
            survivor.ifPresent(ProcessHandle::destroyForcibly);
            for (Path f : folders) {
                RunChildren.naming(f).forEach(ProcessHandle::destroyForcibly);
            }
        }
    }

    @Test
    void aRestartCommandAKilledRunListedIsStoppedWithItsChildrenAndSaidSo(@TempDir Path dir) throws Exception {
        Path pid = dir.resolve("child.pid");
        Process command = new ProcessBuilder("sh", "-c", "sleep 600 & echo $! > " + pid + "; wait").start();
        ProcessHandle sleeper = null;
        try {
            RunSafetyTest.await("the command's child", () -> !RunSafetyTest.read(pid).isBlank());
            sleeper = ProcessHandle.of(Long.parseLong(RunSafetyTest.read(pid).trim())).orElseThrow();
            String started = command.toHandle().info().startInstant().orElseThrow().toString();
            Files.writeString(dir.resolve(RunChildren.FILE_NAME), RunChildren.COMMAND + "\t" + command.pid() + "\t" + started
                    + "\trestart command 'pg_ctl restart'\n");
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            RunChildren children = RunChildren.open(dir, new PrintStream(log, true, StandardCharsets.UTF_8));
            try {
                assertTrue(command.waitFor(30, TimeUnit.SECONDS));
                sleeper.onExit().get(30, TimeUnit.SECONDS);
                assertEquals("stopped a process an earlier, killed run into this folder left running: restart command"
                        + " 'pg_ctl restart' (PID " + command.pid() + ", started " + started + ") and the processes it started;"
                        + " the server may be stopped or not restarted with its settings: it is checked before anything runs\n",
                        log.toString(StandardCharsets.UTF_8));
            } finally {
                children.close();
            }
        } finally {
            command.destroyForcibly();
            if (sleeper != null) {
                sleeper.destroyForcibly();
            }
        }
    }

    @Test
    void aServerFolderIsNamedAsItsServersNameItNotByAnyMention() {
        String f = "/tmp/embedded-pg/dbstudy-pg-123";
        assertTrue(RunChildren.names("/usr/lib/postgresql/bin/postgres -D " + f + " -p 5433 -F", f));
        assertTrue(RunChildren.names("initdb -A trust -U postgres -D " + f, f));
        assertTrue(RunChildren.names("/tmp/dbstudy-mariadb-9/base/bin/mariadbd --datadir=/tmp/dbstudy-mariadb-9/data",
                "/tmp/dbstudy-mariadb-9"));
        assertFalse(RunChildren.names("postgres -D " + f + "4 -p 5433", f), "another folder whose name starts alike");
        assertFalse(RunChildren.names("tail -f " + f + "/log", f), "a mere mention");
    }

    /** The first server folder the run lists in children.pid that is not one of {@code seen}, once it does. */
    private static Path newFolder(Path out, List<Path> seen, Process run, Path log) throws Exception {
        List<Path> found = new ArrayList<>();
        RunSafetyTest.await("a server folder in children.pid besides " + seen, () -> {
            for (String line : RunSafetyTest.read(out.resolve(RunChildren.FILE_NAME)).split("\n")) {
                RunChildren.Child.parse(line).filter(c -> RunChildren.FOLDER.equals(c.role())).map(c -> Path.of(c.what()))
                        .filter(f -> !seen.contains(f) && found.isEmpty()).ifPresent(found::add);
            }
            return !found.isEmpty() || !run.isAlive();
        });
        assertFalse(found.isEmpty(), "never listed: " + RunSafetyTest.read(log));
        return found.get(0);
    }

    private static ProcessHandle watchdog(Process run) {
        return run.descendants().filter(p -> p.info().commandLine().orElse("").contains("The watchdog of one dbstudy run"))
                .findFirst().orElseThrow();
    }

    private static void signal(String signal, long pid) throws Exception {
        new ProcessBuilder("kill", "-s", signal, Long.toString(pid)).start().waitFor(30, TimeUnit.SECONDS);
    }

    private static List<String> commandLines(List<ProcessHandle> processes) {
        return processes.stream().map(p -> p.pid() + " " + p.info().commandLine().orElse("")).toList();
    }
}
