package org.dbstudy.databases.settings;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.JdbcUrls;
import org.dbstudy.vocabulary.ServerJournalFile;

/**
 * The writing half of a run folder's {@link ServerJournalFile}: {@link ServerConfigurator} records each
 * setting's original here, on disk, before it changes that setting for the first time, and marks the
 * journal finished once every original is back. A run killed before that leaves the journal unfinished
 * for {@link JournalRestore}.
 */
public final class ServerJournal {
    private final Path file;
    private final DatabaseEndpoint endpoint;
    private final List<ServerJournalFile.Row> rows = new ArrayList<>();

    /** @param file the run folder's {@value ServerJournalFile#FILE_NAME}; written at the first change only */
    public ServerJournal(Path file, DatabaseEndpoint endpoint) {
        this.file = file;
        this.endpoint = endpoint;
    }

    public Path file() {
        return file;
    }

    /**
     * Adds {@code original} (once per setting) and forces the journal to disk; the caller changes the
     * server only after this returns.
     *
     * @throws JournalException when it cannot be written (the server is then not changed), or when the
     *                          folder still holds an unfinished journal of an earlier run
     */
    synchronized void record(Setting original, String appliedBy) {
        if (rows.stream().anyMatch(r -> r.setting().equals(original.name()))) {
            return;
        }
        try {
            if (rows.isEmpty() && ServerJournalFile.unfinished(ServerJournalFile.read(file))) {
                // Never overwrite the only record of an earlier run's originals (JournalRestore runs first).
                throw new JournalException(file + " holds server settings an earlier run changed and did not put back;"
                        + " they must be restored before this run changes any");
            }
            rows.add(new ServerJournalFile.Row(endpoint.kind().id(), JdbcUrls.redact(endpoint.url()), endpoint.user(),
                    original.name(), original.value(), original.unit() == null ? "" : original.unit(),
                    original.persisted(), original.needsRestart(), appliedBy, ServerJournalFile.CHANGED,
                    Instant.now().toString()));
            ServerJournalFile.write(file, rows);
        } catch (IOException | CsvFileException e) {
            rows.removeIf(r -> r.setting().equals(original.name()));
            throw new JournalException("could not write " + file + " (" + e.getMessage() + "): server setting "
                    + original.name() + " was left unchanged", e);
        }
    }

    /** Marks every recorded setting restored: nothing is left for a later run to put back. */
    synchronized void finish() {
        if (rows.isEmpty()) {
            return;
        }
        rows.replaceAll(r -> r.withState(ServerJournalFile.RESTORED));
        try {
            ServerJournalFile.write(file, rows);
        } catch (IOException e) {
            throw new JournalException("the server's settings are restored, but " + file + " could not say so ("
                    + e.getMessage() + "): the next run will set them again to the same originals", e);
        }
    }

    /** The server's settings are not known to be safe: a journal could not be written or its originals put back. */
    public static final class JournalException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public JournalException(String message) {
            super(message);
        }

        public JournalException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
