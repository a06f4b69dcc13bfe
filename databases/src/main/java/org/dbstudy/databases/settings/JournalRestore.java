package org.dbstudy.databases.settings;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.ServerRestart;
import org.dbstudy.databases.settings.ServerJournal.JournalException;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.JdbcUrls;
import org.dbstudy.vocabulary.ServerJournalFile;

/**
 * Puts back what an unfinished {@link ServerJournalFile} says an earlier run changed and did not restore
 * (it was killed, or the server was gone when it ended): each original over SQL, a reload, a restart when a
 * restart-needing setting still runs with the changed value, then every setting read back. The journal is
 * marked finished only when all are back; otherwise nothing goes on ({@link JournalException} saying what
 * is missing). Done the same way by {@code run}, {@code run --resume} and {@code restore}, before anything else.
 */
public final class JournalRestore {
    /** How long a reloaded setting may take to reach new sessions. */
    private static final long RELOAD_WAIT_MILLIS = 5_000;

    private JournalRestore() {
    }

    /**
     * Restores what {@code file} (a run folder's journal) holds unrestored on the server at {@code endpoint}.
     *
     * @param restart how to restart that server, or null when there is none
     * @return one line per setting put back (empty: nothing was pending)
     * @throws JournalException when the journal is for another server, the server cannot be reached, a
     *                          needed restart has no means or fails, or a value did not come back
     */
    public static List<String> restoreUnfinished(Path file, DatabaseEndpoint endpoint, ServerRestart restart) {
        List<ServerJournalFile.Row> rows = read(file);
        List<ServerJournalFile.Row> pending = rows.stream().filter(r -> !r.restored()).toList();
        if (pending.isEmpty()) {
            return List.of();
        }
        String names = pending.stream().map(r -> r.setting() + "=" + r.original()).collect(Collectors.joining(", "));
        String what = file + ": an earlier run changed server settings and did not put them back (" + names + ")";
        String again = "; then run again, or put them back with 'dbstudy restore --out " + file.toAbsolutePath().getParent()
                + "' and the run's connection options";
        ServerJournalFile.Row first = pending.get(0);
        String here = JdbcUrls.redact(endpoint.url());
        if (!first.kind().equals(endpoint.kind().id()) || !server(first.target()).equals(server(here))) {
            throw new JournalException(what + " on " + first.kind() + " at " + first.target() + ", not on this run's "
                    + endpoint.kind().id() + " at " + here + ": restore them there first (dbstudy restore --out "
                    + file.toAbsolutePath().getParent() + " --db " + first.kind() + " --url " + first.target() + ")");
        }
        SettingSql sql = SettingSql.of(endpoint.kind());
        List<Setting> originals = pending.stream().map(r -> new Setting(r.setting(), r.original(),
                r.unit().isEmpty() ? null : r.unit(), r.restart(), r.persisted(), true)).toList();
        List<String> stillChanged;
        try {
            try (Connection c = endpoint.connect()) {
                for (Setting s : originals) {
                    sql.restore(c, s);
                }
                sql.reload(c);
            }
            stillChanged = differing(endpoint, sql, originals.stream().filter(Setting::needsRestart).toList(), 0);
        } catch (SQLException e) {
            throw new JournalException(what + ", and the server at " + here + " cannot be reached to restore them ("
                    + oneLine(e.getMessage()) + "): start it" + again, e);
        }
        if (!stillChanged.isEmpty()) {
            if (restart == null) {
                throw new JournalException(what + "; " + String.join(", ", stillChanged) + " take effect only when the server"
                        + " at " + here + " restarts, and there is no way to restart it: give a restart command"
                        + " (--restart-command) or restart the server yourself" + again);
            }
            try {
                restart.restart(Map.of());
            } catch (RuntimeException e) {
                throw new JournalException(what + "; restarting the server to restore " + String.join(", ", stillChanged)
                        + " failed: " + e.getMessage() + again, e);
            }
        }
        List<String> differ;
        try {
            differ = differing(endpoint, sql, originals, RELOAD_WAIT_MILLIS);
        } catch (SQLException e) {
            throw new JournalException(what + ", and the server at " + here + " cannot be reached to read them back ("
                    + oneLine(e.getMessage()) + ")", e);
        }
        if (!differ.isEmpty()) {
            throw new JournalException(what + "; after restoring, the server still has " + String.join(", ", differ));
        }
        List<String> said = new ArrayList<>();
        for (ServerJournalFile.Row r : pending) {
            said.add("restored server setting " + r.setting() + "=" + r.original() + " on " + here
                    + " (an earlier run changed it by " + r.appliedBy() + " and did not put it back)");
        }
        try {
            ServerJournalFile.write(file, rows.stream().map(r -> r.withState(ServerJournalFile.RESTORED)).toList());
        } catch (IOException e) {
            throw new JournalException("the server's settings are restored, but " + file + " could not say so ("
                    + e.getMessage() + ")", e);
        }
        return said;
    }

    /** The journal's rows; a journal that cannot be read stops everything (it is the only record). */
    private static List<ServerJournalFile.Row> read(Path file) {
        try {
            return ServerJournalFile.read(file);
        } catch (CsvFileException e) {
            throw new JournalException(e.getMessage() + " (the journal of server settings changed by an earlier run;"
                    + " check the server's settings by hand, then remove the file)", e);
        } catch (IOException e) {
            throw new JournalException("could not read " + file + ": " + e.getMessage(), e);
        }
    }

    /** {@code name=actual} for each setting whose value is not its original; waits up to {@code waitMillis} for a reload. */
    static List<String> differing(DatabaseEndpoint endpoint, SettingSql sql, List<Setting> originals,
                                          long waitMillis) throws SQLException {
        long deadline = System.nanoTime() + waitMillis * 1_000_000L;
        while (true) {
            List<String> differ = new ArrayList<>();
            try (Connection c = endpoint.connect()) {
                for (Setting s : originals) {
                    Setting now = sql.describe(c, s.name());
                    if (now == null || !sql.same(s, s.value(), now.value())) {
                        differ.add(s.name() + "=" + (now == null ? "(none)" : now.value()));
                    }
                }
            }
            if (differ.isEmpty() || System.nanoTime() > deadline) {
                return differ;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return differ;
            }
        }
    }

    /** HOST:PORT of a JDBC URL (credentials and database aside): the server a journal belongs to. */
    static String server(String url) {
        int start = url.indexOf("//");
        if (start < 0) {
            return url;
        }
        String rest = url.substring(start + 2);
        int end = 0;
        while (end < rest.length() && "/?;".indexOf(rest.charAt(end)) < 0) {
            end++;
        }
        String hostPort = rest.substring(0, end);
        return hostPort.substring(hostPort.lastIndexOf('@') + 1);
    }

    private static String oneLine(String text) {
        return String.valueOf(text).replace('\n', ' ').strip();
    }
}
