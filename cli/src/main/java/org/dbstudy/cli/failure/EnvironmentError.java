package org.dbstudy.cli.failure;

/**
 * A problem of the machine, not of what the user asked for (a full disk, a process that will not stop):
 * printed as one line without a stack trace, exit status 1.
 */
public final class EnvironmentError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EnvironmentError(String message) {
        super(message);
    }

    /** What the operating system says when a write finds the disk full (ENOSPC). */
    static final String NO_SPACE = "No space left on device";

    /**
     * One line for a write that found the disk full anywhere in {@code e}'s causes, naming the file when
     * an exception on the way names it; null when the disk was not full.
     */
    public static String diskFull(Throwable e) {
        boolean full = false;
        String file = null;
        for (Throwable t = e; t != null; t = t.getCause()) {
            full |= t.getMessage() != null && t.getMessage().contains(NO_SPACE);
            if (file == null && t instanceof java.nio.file.FileSystemException f && f.getFile() != null) {
                file = f.getFile();
            }
        }
        if (!full) {
            return null;
        }
        return "the disk is full (" + NO_SPACE + ")" + (file == null ? "" : " writing " + file)
                + "; free some space, then continue with --resume (what was written before is kept)";
    }

    /** The same I/O failure with the file it happened on, so a message can name it. */
    public static java.io.IOException naming(java.nio.file.Path file, java.io.IOException e) {
        if (e instanceof java.nio.file.FileSystemException f && f.getFile() != null) {
            return e;
        }
        java.nio.file.FileSystemException named = new java.nio.file.FileSystemException(file.toString(), null, e.getMessage());
        named.initCause(e);
        return named;
    }
}
