package org.dbstudy.cli.failure;

/** A mistake in what the user asked for: printed without a stack trace, exit status 2. */
public final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UserError(String message) {
        super(message);
    }
}
