package org.dbstudy.analysis.reading;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stop-the-world pauses of a JVM's GC log in unified logging's default form ({@code -Xlog:gc}:
 * {@code [1.234s][info][gc] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 25M->3M(256M) 4.567ms}):
 * every line naming a {@code Pause} and ending in its duration. Concurrent phases ("Concurrent Mark
 * Cycle") do not stop the application and are left out; a collector that logs no pauses (ZGC at
 * {@code gc} level) gives none. Explicit collections ({@code (System.gc())}) are left out too: JMeter
 * runs two full ones on purpose after the setUp thread groups and before the main ones start
 * (StandardJMeterEngine, "Here's where the test really starts"), outside the measured window; on the
 * busy test machine they took 200–700 ms and would flag every cell. The span is the last uptime
 * stamp: how long the JVM had run.
 */
public final class GcLog {
    private static final Pattern PAUSE = Pattern.compile("\\bPause\\b.*\\s(\\d+(?:\\.\\d+)?)ms\\s*$");
    private static final String EXPLICIT = "(System.gc())";
    private static final Pattern UPTIME = Pattern.compile("^\\[(\\d+(?:\\.\\d+)?)s\\]");

    /** A log's pauses: how many, the longest and their sum (ms), and the JVM's uptime it covers (s). */
    public record Pauses(int count, double maxMs, double totalMs, double spanSeconds) {
        public static final Pauses NONE = new Pauses(0, 0, 0, 0);

        /** Two logs (replicates) together. */
        public Pauses plus(Pauses o) {
            return new Pauses(count + o.count, Math.max(maxMs, o.maxMs), totalMs + o.totalMs, spanSeconds + o.spanSeconds);
        }
    }

    private GcLog() {
    }

    public static Pauses read(Path file) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            Pauses p = Pauses.NONE;
            double span = 0;
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                Matcher up = UPTIME.matcher(line);
                if (up.find()) {
                    span = Math.max(span, Double.parseDouble(up.group(1)));
                }
                Matcher m = PAUSE.matcher(line);
                if (m.find() && !line.contains(EXPLICIT)) {
                    double ms = Double.parseDouble(m.group(1));
                    p = new Pauses(p.count() + 1, Math.max(p.maxMs(), ms), p.totalMs() + ms, 0);
                }
            }
            return new Pauses(p.count(), p.maxMs(), p.totalMs(), span);
        }
    }
}
