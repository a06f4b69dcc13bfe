package org.dbstudy.cli.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;

/**
 * Why a cell that JMeter ran to its end wrote no workload sample. An ERROR line of JMeter's log is the
 * cause when there is one; otherwise the time went to preparing, and the reason says how long
 * connecting and priming took of the cell's window. Warnings JMeter prints at every start (a
 * {@code ClassNotFoundException} for a converter of a module the home lacks) are not a cause.
 */
final class NoSamplesReason {
    private static final DateTimeFormatter LOG_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS", Locale.ROOT);

    private NoSamplesReason() {
    }

    /**
     * The reason for a cell of {@code durationSeconds} whose JMeter ran {@code wallSeconds} and wrote no
     * workload sample.
     */
    static String explain(Path jmeterLog, long durationSeconds, long wallSeconds) {
        List<String> lines = read(jmeterLog);
        String error = lastError(lines);
        if (error != null) {
            return "no samples were recorded: " + error;
        }
        LocalDateTime usersStart = null;
        LocalDateTime lastThreadEnd = null;
        for (String line : lines) {
            if (line.contains("All Setup Threads have ended")
                    || (usersStart == null && line.contains("Starting ThreadGroup:"))) {
                usersStart = time(line);
            } else if (line.contains("Thread finished:") && !line.contains("setUp") && !line.contains("tearDown")) {
                lastThreadEnd = time(line);
            }
        }
        if (usersStart != null && lastThreadEnd != null && !lastThreadEnd.isBefore(usersStart)) {
            long connecting = Duration.between(usersStart, lastThreadEnd).toSeconds();
            return String.format(Locale.ROOT, "no samples before the cell's end: connecting and priming took %d s of the"
                    + " %d s cell (JMeter ran %d s in all); give the cell a longer duration on a machine this busy",
                    connecting, durationSeconds, wallSeconds);
        }
        return String.format(Locale.ROOT, "no samples before the cell's end: JMeter ran %d s for a %d s cell and no user"
                + " finished a sample (starting, setUp and connecting used the time); see %s",
                wallSeconds, durationSeconds, jmeterLog.getFileName());
    }

    /** The last line JMeter logged at ERROR, trimmed; null when it logged none. */
    private static String lastError(List<String> lines) {
        String found = null;
        for (String line : lines) {
            String[] words = line.split(" ", 4);
            if (words.length >= 3 && "ERROR".equals(words[2])) {
                found = line.trim();
            }
        }
        return found;
    }

    private static LocalDateTime time(String line) {
        if (line.length() < 23) {
            return null;
        }
        try {
            return LocalDateTime.parse(line.substring(0, 23), LOG_TIME);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static List<String> read(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.ISO_8859_1) : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }
}
