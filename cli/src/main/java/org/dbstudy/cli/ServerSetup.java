package org.dbstudy.cli;

import java.io.PrintStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.settings.ServerConfigurator;
import org.dbstudy.databases.settings.ServerRestart;
import org.dbstudy.generator.Cell;
import org.dbstudy.generator.Study;

/**
 * A run's server settings ({@code server.<setting>} factors) on its target, from preflight to the end:
 * the distinct configurations checked before any cell, each cell's applied before it runs, the server's
 * own put back when the run ends, also at Ctrl-C (a shutdown hook). A study that varies no server setting
 * gets {@link #none()}, which does nothing.
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
        this.hook = configurator == null ? null : new Thread(this::restore, "dbstudy-restore-server-settings");
        if (hook != null) {
            Runtime.getRuntime().addShutdownHook(hook);
        }
    }

    static ServerSetup none() {
        return new ServerSetup(null, null, null);
    }

    /** @param restart how the target restarts (an embedded server, a command), or null */
    static ServerSetup open(Study study, ConnectionSettings db, ServerRestart restart, PrintStream log) {
        if (study.variedServerSettings().isEmpty()) {
            return none();
        }
        DatabaseEndpoint endpoint = new DatabaseEndpoint(db.kind(), db.url(), db.user(), db.password(), "the study's target");
        return new ServerSetup(study, new ServerConfigurator(endpoint, restart), log);
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

    private void restore() {
        if (configurator != null) {
            List<String> problems = configurator.restore();
            problems.forEach(p -> log.println("warning: " + p));
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
