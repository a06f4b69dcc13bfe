package org.dbstudy.cli;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.monitor.MonitorToken;

/**
 * The token between {@code dbstudy monitor} and its runners, as the command line names it: an
 * environment variable or a file only its owner can read, never the token itself (it would show in
 * {@code ps}). A mistake is one line naming the option and what would be valid.
 */
final class MonitorTokens {
    private MonitorTokens() {
    }

    /** The token in environment variable {@code variable}, named by {@code option}. */
    static MonitorToken fromEnvironment(String option, String variable) {
        String text = System.getenv(variable);
        if (text == null) {
            throw new UserError(option + " " + variable + ": that environment variable is not set");
        }
        try {
            return MonitorToken.of(text);
        } catch (IllegalArgumentException e) {
            throw new UserError(option + " " + variable + ": " + e.getMessage());
        }
    }

    /** The token in {@code file}; {@code missing} says what to do when there is no such file. */
    static MonitorToken fromFile(String option, Path file, String missing) {
        try {
            return MonitorToken.read(file);
        } catch (NoSuchFileException e) {
            throw new UserError(option + " " + file + ": no such file; " + missing);
        } catch (FileSystemException e) {
            throw new UserError(option + " " + file + ": " + (e.getReason() == null ? e.getClass().getSimpleName() : e.getReason()));
        } catch (IOException e) {
            throw new UserError(option + " " + file + ": " + (e.getMessage() == null ? e.toString() : e.getMessage()));
        }
    }
}
