package org.dbstudy.vocabulary;

/**
 * A design that cannot be built or read as given: what is wrong and what would be valid. The
 * generator turns it into a study-file error with file, line and field; the analysis into an input
 * error naming the manifest's line.
 */
public final class DesignException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String problem;
    private final String valid;

    public DesignException(String problem, String valid) {
        super(problem + (valid.isEmpty() ? "" : "; valid: " + valid));
        this.problem = problem;
        this.valid = valid;
    }

    public String problem() {
        return problem;
    }

    public String valid() {
        return valid;
    }
}
