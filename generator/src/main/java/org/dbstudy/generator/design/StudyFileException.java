package org.dbstudy.generator.design;

import java.util.List;

/**
 * A study that cannot be used as written. Each problem reads
 * {@code FILE:LINE: field 'x': what is wrong; valid: …} (the line is left out when the problem
 * comes from the command line rather than a file). A study file's checks report every problem they
 * find at once: then {@link #messages()} has one line per problem, and the source, line and field are
 * the first one's.
 */
public final class StudyFileException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String source;
    private final int line;
    private final String field;
    private final List<String> messages;

    public StudyFileException(String source, int line, String field, String problem, String valid) {
        this(source, line, field, List.of(format(source, line, field, problem, valid)));
    }

    private StudyFileException(String source, int line, String field, List<String> messages) {
        super(String.join("\n", messages));
        this.source = source;
        this.line = line;
        this.field = field;
        this.messages = List.copyOf(messages);
    }

    /** Several problems as one exception, in the order found; a single one is returned as it is. */
    public static StudyFileException all(List<StudyFileException> problems) {
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("no problems");
        }
        StudyFileException first = problems.get(0);
        if (problems.size() == 1) {
            return first;
        }
        return new StudyFileException(first.source, first.line, first.field,
                problems.stream().flatMap(p -> p.messages.stream()).toList());
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

    /** One line per problem, each {@code FILE:LINE: field 'x': …; valid: …}. */
    public List<String> messages() {
        return messages;
    }

    /** The file (or {@code command line}) the (first) problem is in. */
    public String source() {
        return source;
    }

    /** The 1-based line of the (first) problem, or 0 when there is no line (command-line overrides). */
    public int line() {
        return line;
    }

    public String field() {
        return field;
    }
}
