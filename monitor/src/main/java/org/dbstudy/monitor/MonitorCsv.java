package org.dbstudy.monitor;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The monitor's output: tidy CSV, one row per metric and interval,
 * {@code timeStamp,source,metric,value,unit}. {@code timeStamp} is epoch milliseconds like a JTL's,
 * so the rows line up with response times. Flushed after every interval: an interrupted run keeps
 * what was measured.
 */
final class MonitorCsv implements AutoCloseable {
    static final String HEADER = "timeStamp,source,metric,value,unit";

    private final BufferedWriter out;

    MonitorCsv(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        out.write(HEADER);
        out.write('\n');
        out.flush();
    }

    void write(List<Reading> readings) throws IOException {
        for (Reading r : readings) {
            out.write(Long.toString(r.timeStamp()));
            out.write(',');
            out.write(r.source());
            out.write(',');
            out.write(r.metric());
            out.write(',');
            out.write(number(r.value()));
            out.write(',');
            out.write(r.unit());
            out.write('\n');
        }
        out.flush();
    }

    /** Whole numbers without a fraction, others with up to 3 decimals; never a locale's comma. */
    static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return String.format(Locale.ROOT, "%.3f", v);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
