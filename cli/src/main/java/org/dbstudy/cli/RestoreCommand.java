package org.dbstudy.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.cli.run.RunChildren;
import org.dbstudy.cli.run.RunFolderLock;
import org.dbstudy.cli.server.Targets;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.settings.CommandRestart;
import org.dbstudy.databases.settings.JournalRestore;
import org.dbstudy.databases.settings.ServerJournal;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.ServerJournalFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code dbstudy restore}: puts back the server settings a run into RUNDIR changed and did not restore
 * (its {@value ServerJournalFile#FILE_NAME} is unfinished), without running anything. {@code run} and
 * {@code run --resume} do the same first; this is for a folder no run will go on in. A folder a live run
 * holds ({@link RunFolderLock}) is refused: its journal is unfinished because it is using those settings.
 */
@Command(name = "restore", mixinStandardHelpOptions = true,
        description = "Put back the server settings a killed run into --out changed (its " + ServerJournalFile.FILE_NAME
                + "), without running anything.")
final class RestoreCommand implements Callable<Integer> {
    @Option(names = "--out", required = true, paramLabel = "RUNDIR", description = "The run folder whose server settings to put back.")
    Path out;

    @Option(names = "--db", paramLabel = "DB", description = "postgres, mysql or mariadb (default: the journal's).")
    String db;

    @Mixin
    ConnectionOptions connection;

    @Mixin
    RestartOptions restart;

    @Override
    public Integer call() throws IOException {
        if (!Files.isDirectory(out)) {
            System.out.println("nothing to restore: no " + out.resolve(ServerJournalFile.FILE_NAME));
            return 0;
        }
        // A live run's folder is refused: its journal is unfinished because a cell is running on those settings.
        // What a killed run into the folder left running (a restart command, a server) is stopped first.
        try (RunFolderLock lock = RunFolderLock.acquire(out, System.out)) {
            RunChildren.stopLeftBehind(lock, System.out);
            return restore(lock.folder().resolve(ServerJournalFile.FILE_NAME));
        }
    }

    private int restore(Path file) {
        List<ServerJournalFile.Row> rows;
        try {
            rows = ServerJournalFile.read(file);
        } catch (CsvFileException e) {
            throw new UserError(e.getMessage());
        } catch (IOException e) {
            System.err.println("dbstudy restore: could not read " + file + ": " + e.getMessage());
            return 1;
        }
        if (!ServerJournalFile.unfinished(rows)) {
            System.out.println("nothing to restore: " + (rows.isEmpty() ? "no " + file : "every setting in " + file + " is back"));
            return 0;
        }
        long restartTimeout = restart.timeoutSeconds();
        ServerJournalFile.Row first = rows.stream().filter(r -> !r.restored()).findFirst().orElseThrow();
        DatabaseEndpoint endpoint = endpoint(first);
        CommandRestart restarting = restart.command == null || restart.command.isBlank() ? null
                : new CommandRestart(restart.command, endpoint, restartTimeout);
        Thread interrupt = new Thread(() -> {
            if (restarting != null) {
                restarting.interrupt();
            }
        }, "dbstudy-restore-interrupt");
        Runtime.getRuntime().addShutdownHook(interrupt);
        try {
            JournalRestore.restoreUnfinished(file, endpoint, restarting).forEach(System.out::println);
            return 0;
        } catch (ServerJournal.JournalException e) {
            System.err.println("dbstudy restore: " + e.getMessage());
            return 1;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(interrupt);
            } catch (IllegalStateException stopping) {
                // The JVM is stopping: the hook runs.
            }
        }
    }

    /** The server to restore: the options given, else what the journal recorded. */
    private DatabaseEndpoint endpoint(ServerJournalFile.Row journal) {
        DatabaseKind kind = db != null ? Targets.kindOf(db) : DatabaseKind.parse(journal.kind());
        if (db != null && Targets.embedded(db)) {
            throw new UserError("--db " + db + ": an embedded server's settings end with it; name the server the run changed ("
                    + journal.kind() + " at " + journal.target() + ")");
        }
        if (kind == null) {
            throw new UserError(out.resolve(ServerJournalFile.FILE_NAME) + ": kind '" + journal.kind() + "' is not one of "
                    + DatabaseKind.VALID_NAMES + "; give --db");
        }
        String target = connection.url != null ? connection.url : journal.target();
        if (connection.url == null && target.contains("***")) {
            throw new UserError("the journal's URL " + target + " had credentials in it, masked: give --url (and --password-env)");
        }
        return new DatabaseEndpoint(kind, target, connection.user != null ? connection.user : journal.user(), connection.password(), "--out " + out);
    }
}
