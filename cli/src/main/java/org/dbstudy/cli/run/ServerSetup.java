package org.dbstudy.cli.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.settings.JournalRestore;
import org.dbstudy.databases.settings.ServerConfigurator;
import org.dbstudy.databases.settings.ServerJournal;
import org.dbstudy.databases.ServerRestart;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.study.Study;
import org.dbstudy.vocabulary.ServerJournalFile;

/**
 * A run's server settings ({@code server.<setting>} factors) on its target, from preflight to the end:
 * the distinct configurations checked before any cell, each cell's applied before it runs, the server's
 * own put back when the run ends, also at Ctrl-C (a shutdown hook). Before the first change, each original
 * goes to the run folder's {@value ServerJournalFile#FILE_NAME}, so that the next run (or {@code dbstudy
 * restore}) puts back what a killed run could not ({@link #restoreUnfinished}). A study that varies no server
 * setting gets {@link #none()}, which does nothing.
 */
final class ServerSetup implements AutoCloseable {
    private final Study study;
    private final ServerConfigurator configurator;
    private final PrintStream log;
    private final Thread hook;

    private ServerSetup(Study study, ServerConfigurator configurator, PrintStream log) {
        this.study = study;
        this.configurator = configurator;
        this.log = log;
        this.hook = configurator == null ? null : new Thread(this::interruptAndRestore, "dbstudy-restore-server-settings");
        if (hook != null) {
            Runtime.getRuntime().addShutdownHook(hook);
        }
    }

    static ServerSetup none() {
        return new ServerSetup(null, null, null);
    }

    /**
     * @param restart how the target restarts (an embedded server, a command), or null
     * @param out     the run folder, where the journal of changed settings goes; null: no journal (an embedded
     *                server, whose settings end with it)
     */
    static ServerSetup open(Study study, ConnectionSettings db, ServerRestart restart, Path out, PrintStream log) {
        if (study.variedServerSettings().isEmpty()) {
            return none();
        }
        DatabaseEndpoint endpoint = endpoint(db);
        ServerJournal journal = out == null ? null : new ServerJournal(out.resolve(ServerJournalFile.FILE_NAME), endpoint);
        return new ServerSetup(study, new ServerConfigurator(endpoint, restart, journal), log);
    }

    private static DatabaseEndpoint endpoint(ConnectionSettings db) {
        return new DatabaseEndpoint(db.kind(), db.url(), db.user(), db.password(), "the study's target");
    }

    /**
     * Puts back, before anything else of a run, what an earlier run into {@code out} changed on the server
     * and did not restore (killed, or the server was gone), one line per setting on {@code log}.
     *
     * @throws ServerJournal.JournalException when that cannot be done: the run must not go on
     */
    static void restoreUnfinished(Path out, ConnectionSettings db, ServerRestart restart, PrintStream log) {
        JournalRestore.restoreUnfinished(out.resolve(ServerJournalFile.FILE_NAME), endpoint(db), restart)
                .forEach(log::println);
    }

    boolean active() {
        return configurator != null;
    }

    /** The study's distinct server configurations, in run order. */
    List<Map<String, String>> configurations() {
        Set<Map<String, String>> out = new LinkedHashSet<>();
        for (Cell c : study.cells()) {
            out.add(study.serverConfiguration(c));
        }
        return new ArrayList<>(out);
    }

    /** What would fail the study before any cell: settings the server lacks, restarts it cannot make. */
    List<String> problems() {
        if (!active()) {
            return List.of();
        }
        try {
            return configurator.preflight(configurations());
        } catch (SQLException e) {
            return List.of("cannot read the server's settings: " + e.getMessage());
        }
    }

    /** Puts the server into the cell's configuration and reads it back; a failed restart stops the study. */
    ServerConfigurator.Applied apply(Cell cell) throws SQLException {
        Map<String, String> wanted = study.serverConfiguration(cell);
        ServerConfigurator.Applied applied = configurator.apply(wanted);
        log.println("  server settings " + applied.effective());
        return applied;
    }

    /** Ctrl-C: a restart command under way is stopped first, so that the restore does not wait for it. */
    private void interruptAndRestore() {
        configurator.interruptRestart();
        restore();
    }

    private void restore() {
        if (configurator != null) {
            List<String> problems = configurator.restore();
            problems.forEach(p -> log.println("warning: " + p));
            if (!problems.isEmpty() && configurator.journal() != null) {
                log.println("warning: the original server settings are kept in " + configurator.journal().file()
                        + "; the next run into that folder, or 'dbstudy restore --out " + configurator.journal().file().getParent()
                        + "' with this run's connection options, puts them back");
            }
        }
    }

    /** Restores the server's settings and removes the shutdown hook (unless the JVM is already stopping). */
    @Override
    public void close() {
        if (configurator == null) {
            return;
        }
        restore();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException stopping) {
            // The JVM is shutting down: the hook runs (or ran) restore(), which does its work once.
        }
    }
}
