package org.dbstudy.analysis.reading;

import java.nio.file.Path;

/**
 * Counts the bad lines of one file and remembers the first; in strict mode the first bad line is
 * an {@link AnalysisInputException} instead.
 */
public final class LineProblems {
    private final Path file;
    private final boolean strict;
    private long count;
    private String first;

    public LineProblems(Path file, boolean strict) {
        this.file = file;
        this.strict = strict;
    }

    public void report(long line, String field, String problem) throws AnalysisInputException {
        if (strict) {
            throw new AnalysisInputException(file, line, field, problem);
        }
        if (count++ == 0) {
            first = AnalysisInputException.message(file, line, field, problem);
        }
    }

    public long count() {
        return count;
    }

    /** The first bad line's message, or null. */
    public String first() {
        return first;
    }
}
