package org.dbstudy.analysis.reading;

import java.nio.file.Path;
import org.dbstudy.vocabulary.files.CsvFileException;

/**
 * A user's mistake in the analysis input: a bad file, line or option. The message reads
 * {@code FILE:LINE: field: what is wrong and what would be valid} so a CLI can print it as is.
 */
public final class AnalysisInputException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final long line;

    public AnalysisInputException(Path file, long line, String field, String problem) {
        super(message(file, line, field, problem));
        this.file = file;
        this.line = line;
    }

    /** The same problem, found by the vocabulary's CSV reader. */
    public static AnalysisInputException of(CsvFileException e) {
        return new AnalysisInputException(e.file(), e.line(), e.field(), e.problem());
    }

    /** The message format, also used for problems that are only counted: {@code FILE:LINE: field: problem}. */
    public static String message(Path file, long line, String field, String problem) {
        return file + ":" + line + ": " + field + ": " + problem;
    }

    /** The file at fault. */
    public Path file() {
        return file;
    }

    /** The 1-based line at fault (1 for problems of the whole file). */
    public long line() {
        return line;
    }
}
