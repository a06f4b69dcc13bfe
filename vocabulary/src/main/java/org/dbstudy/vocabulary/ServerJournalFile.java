package org.dbstudy.vocabulary;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.dbstudy.vocabulary.files.Csv;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.files.CsvTable;

/**
 * {@code server-journal.csv} in a run folder: the original value of every server setting a run changed,
 * written and forced to disk before the change, so that a run killed outright (SIGKILL, power loss) still
 * tells the next {@code run}, {@code run --resume} or {@code restore} what to put back. One row per
 * setting; {@link #STATE} is {@link #CHANGED} until the original is back, then {@link #RESTORED}. The
 * target's URL is stored redacted ({@link JdbcUrls#redact}); no password is ever written.
 */
public final class ServerJournalFile {
    public static final String FILE_NAME = "server-journal.csv";
    /** {@link DatabaseKind#id()} of the server. */
    public static final String KIND = "kind";
    /** The server's JDBC URL, redacted. */
    public static final String TARGET = "target";
    public static final String USER = "user";
    public static final String SETTING = "setting";
    /** The value as the server showed it before the run changed it. */
    public static final String ORIGINAL = "original";
    /** The unit a bare number of {@link #ORIGINAL} means (PostgreSQL's pg_settings.unit), or empty. */
    public static final String UNIT = "unit";
    /** {@code true} when the original itself came from {@code ALTER SYSTEM} (postgresql.auto.conf). */
    public static final String PERSISTED = "persisted";
    /** {@code true} when the server reads the setting only when it starts. */
    public static final String RESTART = "restart";
    /** How the run changed it: {@code ALTER SYSTEM + reload}, {@code ALTER SYSTEM + restart}, {@code SET GLOBAL}, {@code restart}. */
    public static final String APPLIED_BY = "applied_by";
    public static final String STATE = "state";
    /** When the row was written (ISO-8601, UTC). */
    public static final String RECORDED = "recorded";
    public static final List<String> COLUMNS = List.of(KIND, TARGET, USER, SETTING, ORIGINAL, UNIT, PERSISTED, RESTART,
            APPLIED_BY, STATE, RECORDED);

    /** The run changed the setting and its original is not back yet. */
    public static final String CHANGED = "changed";
    /** The original is back. */
    public static final String RESTORED = "restored";

    /** One setting's original. */
    public record Row(String kind, String target, String user, String setting, String original, String unit,
                      boolean persisted, boolean restart, String appliedBy, String state, String recorded) {
        public boolean restored() {
            return RESTORED.equals(state);
        }

        public Row withState(String newState) {
            return new Row(kind, target, user, setting, original, unit, persisted, restart, appliedBy, newState, recorded);
        }
    }

    private ServerJournalFile() {
    }

    /** The rows of {@code file}, or none when it does not exist. */
    public static List<Row> read(Path file) throws IOException, CsvFileException {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        CsvTable table = CsvTable.read(file, KIND, TARGET, SETTING, ORIGINAL, STATE);
        List<Row> rows = new ArrayList<>();
        for (CsvTable.Row r : table.rows()) {
            String state = r.get(STATE);
            if (!CHANGED.equals(state) && !RESTORED.equals(state)) {
                throw new CsvFileException(file, r.line(), STATE, "'" + state + "' is neither " + CHANGED + " nor " + RESTORED);
            }
            rows.add(new Row(r.get(KIND), r.get(TARGET), r.get(USER), r.get(SETTING), r.get(ORIGINAL), r.get(UNIT),
                    Boolean.parseBoolean(r.get(PERSISTED)), Boolean.parseBoolean(r.get(RESTART)), r.get(APPLIED_BY), state,
                    r.get(RECORDED)));
        }
        return rows;
    }

    /** Whether {@code rows} hold a setting whose original is not back. */
    public static boolean unfinished(List<Row> rows) {
        return rows.stream().anyMatch(r -> !r.restored());
    }

    /**
     * Writes all rows, replacing the file in one step, and forces file and folder to disk before it
     * returns: the caller changes the server only after this.
     */
    public static void write(Path file, List<Row> rows) throws IOException {
        StringBuilder sb = new StringBuilder(Csv.join(COLUMNS)).append('\n');
        for (Row r : rows) {
            sb.append(Csv.join(List.of(r.kind(), r.target(), r.user(), r.setting(), r.original(), r.unit(),
                    Boolean.toString(r.persisted()), Boolean.toString(r.restart()), r.appliedBy(), r.state(),
                    r.recorded()))).append('\n');
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer bytes = ByteBuffer.wrap(sb.toString().getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                ch.write(bytes);
            }
            ch.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        forceFolder(file.toAbsolutePath().getParent());
    }

    /** The rename is durable only once the folder's entry is on disk (Linux lets a folder be opened to force it). */
    private static void forceFolder(Path folder) {
        try (FileChannel dir = FileChannel.open(folder, StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException notSupported) {
            // Some systems cannot open a folder for reading; the file itself is on disk.
        }
    }
}
