package org.dbstudy.monitor;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.dbstudy.vocabulary.MonitorColumns;

/**
 * The monitor's output: tidy CSV, one row per metric and interval,
 * {@code timeStamp,source,metric,value,unit}. {@code timeStamp} is epoch milliseconds like a JTL's,
 * so the rows line up with response times. Flushed after every interval: an interrupted run keeps
 * what was measured.
 */
final class MonitorCsv implements AutoCloseable {
    static final String HEADER = String.join(",", MonitorColumns.HEADER);

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
            out.write(row(r));
            out.write('\n');
        }
        out.flush();
    }

    /** One reading as a line of this file (without the line end). */
    static String row(Reading r) {
        return r.timeStamp() + "," + r.source() + "," + r.metric() + "," + number(r.value()) + "," + r.unit();
    }

    /** A line written by {@link #row}: the remote monitor sends its readings in this form. */
    static Reading parse(String line) {
        String[] f = line.split(",", -1);
        if (f.length != 5) {
            throw new IllegalArgumentException("not a monitor row (" + HEADER + "): " + line);
        }
        try {
            return new Reading(Long.parseLong(f[0]), f[1], f[2], Double.parseDouble(f[3]), f[4]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a monitor row (" + HEADER + "): " + line, e);
        }
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
