package org.dbstudy.vocabulary.files;

import java.nio.file.Path;

/**
 * A file that is not what it should be, with where and why: {@code FILE:LINE: field: problem}. Each
 * module turns it into its own user-facing error (exit status 2, no stack trace).
 */
public final class CsvFileException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final long line;
    private final String field;
    private final String problem;

    public CsvFileException(Path file, long line, String field, String problem) {
        super(file + ":" + line + ": " + field + ": " + problem);
        this.file = file;
        this.line = line;
        this.field = field;
        this.problem = problem;
    }

    public Path file() {
        return file;
    }

    public long line() {
        return line;
    }

    public String field() {
        return field;
    }

    public String problem() {
        return problem;
    }
}
