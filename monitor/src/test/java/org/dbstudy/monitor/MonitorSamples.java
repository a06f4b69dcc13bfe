package org.dbstudy.monitor;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Waiting for a monitor's samples by reading its CSV, so a test goes on when the monitor has looked
 * at what the test did, however busy the machine, not after a guessed number of intervals.
 */
final class MonitorSamples {
    /** Far beyond any load; a monitor that has not sampled by then is stuck. */
    private static final long WAIT_LIMIT_MS = 60_000;

    private MonitorSamples() {
    }

    /** Returns once {@code file} holds {@code samples} samples stamped after {@code after} (epoch ms). */
    static void awaitAfter(Path file, long after, int samples) throws Exception {
        long deadline = System.currentTimeMillis() + WAIT_LIMIT_MS;
        while (true) {
            long seen = Files.readAllLines(file).stream().skip(1).filter(l -> l.indexOf(',') > 0)
                    .mapToLong(l -> Long.parseLong(l.substring(0, l.indexOf(',')))).filter(t -> t > after).distinct().count();
            if (seen >= samples) {
                return;
            }
            assertTrue(System.currentTimeMillis() < deadline, "the monitor wrote " + seen + " of " + samples
                    + " samples in " + WAIT_LIMIT_MS / 1000 + " s");
            Thread.sleep(50); // polling the file; the outcome does not depend on this pause
        }
    }
}
