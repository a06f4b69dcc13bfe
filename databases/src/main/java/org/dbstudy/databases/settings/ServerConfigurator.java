package org.dbstudy.databases.settings;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.ServerRestart;
import org.dbstudy.vocabulary.Outcome;

/**
 * Puts a running server into each cell's server configuration and back into the one it had: the
 * settings a restart must change first (one restart per change of them), then the dynamic ones over
 * SQL and a reload, then every setting read back on a new session. What the server did not take is
 * reported as {@link Outcome#NOT_APPLIED}, never run. {@link #restore()} (also from a shutdown hook)
 * puts back every setting it changed, restarting once if a restart-needing one was changed; after it,
 * nothing is applied any more, so no cell runs against a half-configured server.
 */
public final class ServerConfigurator {
    /** How long a reloaded setting may take to reach new sessions (the postmaster signals them). */
    private static final long RELOAD_WAIT_MILLIS = 5_000;

    private final DatabaseEndpoint endpoint;
    private final SettingSql sql;
    private final ServerRestart restart;
    /** Where each original goes, on disk, before its first change (null: nowhere, e.g. an embedded server). */
    private final ServerJournal journal;
    /** Each setting as found, before dbstudy changed anything; kept in first-seen order. */
    private final Map<String, Setting> original = new LinkedHashMap<>();
    private final Set<String> changed = new LinkedHashSet<>();
    /** The restart-needing settings the server was last restarted with (empty: as found). */
    private Map<String, String> startedWith = Map.of();
    private boolean restored;

    /** @param restart how to restart the server, or null when it cannot be restarted */
    public ServerConfigurator(DatabaseEndpoint endpoint, ServerRestart restart) {
        this(endpoint, restart, null);
    }

    /**
     * @param restart how to restart the server, or null when it cannot be restarted
     * @param journal where the originals are recorded before the first change, or null
     */
    public ServerConfigurator(DatabaseEndpoint endpoint, ServerRestart restart, ServerJournal journal) {
        this.endpoint = endpoint;
        this.sql = SettingSql.of(endpoint.kind());
        this.restart = restart;
        this.journal = journal;
    }

    /** What a cell's server configuration came to: each setting's effective value, and what was not applied. */
    public record Applied(Map<String, String> effective, List<String> notApplied) {
        public boolean ok() {
            return notApplied.isEmpty();
        }

        /** The reason a cell fails with: {@code not_applied: server setting …}. */
        public String reason() {
            return Outcome.NOT_APPLIED.messagePrefix() + String.join("; ", notApplied);
        }
    }

    /**
     * Problems that would fail the study before any cell runs, one line each: a setting the server does
     * not have or cannot change, and one that needs a restart, where a configuration wants another
     * value than the server's, with no way to restart.
     */
    public synchronized List<String> preflight(Collection<Map<String, String>> configurations) throws SQLException {
        List<String> problems = new ArrayList<>();
        Map<String, Setting> found = describeAll(configurations.stream().flatMap(m -> m.keySet().stream()).toList());
        Set<String> reported = new LinkedHashSet<>();
        for (Map<String, String> configuration : configurations) {
            for (Map.Entry<String, String> e : configuration.entrySet()) {
                Setting s = found.get(e.getKey());
                String where = endpoint.kind().id() + " at " + org.dbstudy.vocabulary.JdbcUrls.redact(endpoint.url());
                if (s == null) {
                    add(problems, reported, "server setting " + e.getKey() + ": " + where + " has no such setting");
                } else if (!s.changeable()) {
                    add(problems, reported, "server setting " + e.getKey() + ": " + where + " cannot change it");
                } else if (s.needsRestart() && restart == null && !sql.same(s, e.getValue(), s.value())) {
                    add(problems, reported, "server setting " + e.getKey() + "=" + e.getValue() + " needs a restart of "
                            + where + " (it has " + s.value() + "), and there is no way to restart it: give the target"
                            + " a restart command (targets[].restart in the study file, or --restart-command), or run"
                            + " on an embedded target");
                }
            }
        }
        return problems;
    }

    private static void add(List<String> problems, Set<String> reported, String problem) {
        if (reported.add(problem)) {
            problems.add(problem);
        }
    }

    /**
     * Puts the server into {@code wanted} (name → value) and reads every setting back.
     *
     * @throws ServerRestart.RestartFailedException when a restart did not bring the server back
     * @throws IllegalStateException                after {@link #restore()}
     */
    public synchronized Applied apply(Map<String, String> wanted) throws SQLException {
        if (restored) {
            throw new IllegalStateException("the server's settings were restored: no cell runs any more");
        }
        Map<String, Setting> now = describeAll(wanted.keySet());
        List<String> notApplied = new ArrayList<>();
        Map<String, String> startup = new LinkedHashMap<>();
        boolean restartNeeded = false;
        for (Map.Entry<String, String> e : wanted.entrySet()) {
            Setting s = now.get(e.getKey());
            if (s != null && s.needsRestart()) {
                startup.put(e.getKey(), e.getValue());
                restartNeeded |= !sql.same(s, e.getValue(), s.value());
            }
        }
        if (restartNeeded) {
            try (Connection c = endpoint.connect()) {
                for (Map.Entry<String, String> e : startup.entrySet()) {
                    markChanged(e.getKey());
                    if (sql.writesForRestart()) {
                        setQuietly(c, e.getKey(), e.getValue(), notApplied);
                    }
                }
            }
            if (notApplied.isEmpty()) {
                Map<String, String> restartWith = new LinkedHashMap<>(startedWith);
                restartWith.putAll(startup);
                restart.restart(restartWith);
                startedWith = restartWith;
                // A restarted server may have lost dynamic changes (an embedded one starts afresh).
                now = describeAll(wanted.keySet());
            }
        }
        boolean reload = false;
        try (Connection c = endpoint.connect()) {
            for (Map.Entry<String, String> e : wanted.entrySet()) {
                Setting s = now.get(e.getKey());
                if (s != null && !s.needsRestart() && !sql.same(s, e.getValue(), s.value())) {
                    markChanged(e.getKey());
                    reload |= setQuietly(c, e.getKey(), e.getValue(), notApplied);
                }
            }
            if (reload) {
                sql.reload(c);
            }
        }
        return new Applied(readBack(wanted, notApplied), notApplied);
    }

    /** Where the originals are recorded, or null. */
    public ServerJournal journal() {
        return journal;
    }

    /** About to change {@code name}: its original goes to the journal (on disk) before the first change. */
    private void markChanged(String name) {
        if (journal != null && !changed.contains(name)) {
            Setting s = original.get(name);
            journal.record(s, sql.appliedBy(s));
        }
        changed.add(name);
    }

    /**
     * Stops a restart under way (Ctrl-C during a restart command): it fails at once, and the restore after
     * it does not restart again; the journal then keeps what is left for {@code dbstudy restore}.
     */
    public void interruptRestart() {
        if (restart != null) {
            restart.interrupt();
        }
    }

    /** Sets one setting; a refusal (a value out of the server's range) is a not-applied setting, not a crash. */
    private boolean setQuietly(Connection c, String name, String value, List<String> notApplied) {
        try {
            sql.set(c, name, value);
            return true;
        } catch (SQLException e) {
            notApplied.add("server setting " + name + "=" + value + " refused by the server: "
                    + String.valueOf(e.getMessage()).replace('\n', ' '));
            return false;
        }
    }

    /** Every wanted setting as a new session sees it; waits a little for a reload to reach new sessions. */
    private Map<String, String> readBack(Map<String, String> wanted, List<String> notApplied) throws SQLException {
        long deadline = System.nanoTime() + RELOAD_WAIT_MILLIS * 1_000_000L;
        while (true) {
            Map<String, String> effective = new LinkedHashMap<>();
            List<String> differ = new ArrayList<>();
            try (Connection c = endpoint.connect()) {
                for (Map.Entry<String, String> e : wanted.entrySet()) {
                    Setting s = sql.describe(c, e.getKey());
                    String actual = s == null ? null : s.value();
                    effective.put(e.getKey(), actual == null ? "" : actual);
                    if (s == null || !sql.same(s, e.getValue(), actual)) {
                        differ.add("server setting " + e.getKey() + "=" + e.getValue() + " not taken: the server has "
                                + (s == null ? "no such setting" : e.getKey() + "=" + actual));
                    }
                }
            }
            if (differ.isEmpty() || !notApplied.isEmpty() || System.nanoTime() > deadline) {
                for (String d : differ) {
                    String name = d.substring("server setting ".length(), d.indexOf('='));
                    if (notApplied.stream().noneMatch(n -> n.startsWith("server setting " + name + "="))) {
                        notApplied.add(d);
                    }
                }
                return effective;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return effective;
            }
        }
    }

    /**
     * Puts back every setting this configurator changed, as found before the first change, restarting the
     * server once if a restart-needing setting was changed. Runs once; later calls and {@link #apply} do
     * nothing more. Safe to call from a shutdown hook.
     *
     * @return what could not be put back, one line each (empty when all was)
     */
    public synchronized List<String> restore() {
        if (restored) {
            return List.of();
        }
        restored = true;
        if (changed.isEmpty()) {
            return List.of();
        }
        List<String> problems = new ArrayList<>();
        boolean restartNeeded = false;
        try (Connection c = endpoint.connect()) {
            for (String name : changed) {
                Setting s = original.get(name);
                try {
                    sql.restore(c, s);
                } catch (SQLException e) {
                    problems.add("could not restore server setting " + name + "=" + s.value() + ": " + e.getMessage());
                }
                restartNeeded |= s.needsRestart();
            }
            sql.reload(c);
        } catch (SQLException e) {
            problems.add("could not restore the server settings " + changed + ": " + e.getMessage());
        }
        if (restartNeeded && !startedWith.isEmpty()) {
            try {
                restart.restart(Map.of());
                startedWith = Map.of();
            } catch (RuntimeException e) {
                problems.add("could not restart the server to restore " + changed + ": " + e.getMessage());
            }
        }
        if (problems.isEmpty() && journal != null) {
            // The journal is finished only when the server shows every original again (a restart cut short
            // by Ctrl-C may have left a restart-needing setting running with the study's value).
            try {
                List<String> differ = JournalRestore.differing(endpoint, sql,
                        changed.stream().map(original::get).toList(), RELOAD_WAIT_MILLIS);
                if (!differ.isEmpty()) {
                    problems.add("after restoring, the server still has " + String.join(", ", differ)
                            + " (it takes effect only when the server restarts)");
                    return problems;
                }
                journal.finish();
            } catch (SQLException e) {
                problems.add("could not read the restored server settings back: " + e.getMessage());
            } catch (ServerJournal.JournalException e) {
                problems.add(e.getMessage());
            }
        }
        return problems;
    }

    /** Each setting as the server has it now; the first time a setting is seen, also as found. */
    private Map<String, Setting> describeAll(Collection<String> names) throws SQLException {
        Map<String, Setting> out = new LinkedHashMap<>();
        try (Connection c = endpoint.connect()) {
            for (String name : names) {
                if (!out.containsKey(name)) {
                    Setting s = sql.describe(c, name);
                    out.put(name, s);
                    if (s != null) {
                        original.putIfAbsent(name, s);
                    }
                }
            }
        }
        return out;
    }
}
