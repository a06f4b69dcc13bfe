package org.dbstudy.generator;

/**
 * A study that cannot be used as written. The message always reads
 * {@code FILE:LINE: field 'x': what is wrong; valid: …} (the line is left out when the problem
 * comes from the command line rather than a file).
 */
public final class StudyFileException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final String field;

    public StudyFileException(String source, int line, String field, String problem, String valid) {
        super(format(source, line, field, problem, valid));
        this.source = source;
        this.line = line;
        this.field = field;
    }

    private static String format(String source, int line, String field, String problem, String valid) {
        StringBuilder sb = new StringBuilder(source);
        if (line > 0) {
            sb.append(':').append(line);
        }
        sb.append(": field '").append(field).append("': ").append(problem);
        if (valid != null && !valid.isEmpty()) {
            sb.append("; valid: ").append(valid);
        }
        return sb.toString();
    }

    /** The file (or {@code command line}) the problem is in. */
    public String source() {
        return source;
    }

    /** The 1-based line, or 0 when there is no line (command-line overrides). */
    public int line() {
        return line;
    }

    public String field() {
        return field;
    }
}
