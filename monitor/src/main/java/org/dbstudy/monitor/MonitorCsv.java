package org.dbstudy.monitor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.dbstudy.vocabulary.files.Csv;
import org.dbstudy.vocabulary.files.CsvWriter;
import org.dbstudy.vocabulary.files.MonitorColumns;

/**
 * The monitor's output: tidy CSV, one row per metric and interval,
 * {@code timeStamp,source,metric,value,unit}. {@code timeStamp} is epoch milliseconds like a JTL's,
 * so the rows line up with response times. Flushed after every interval: an interrupted run keeps
 * what was measured. Written with the vocabulary's {@link CsvWriter}, like every small CSV.
 */
final class MonitorCsv implements AutoCloseable {
    static final String HEADER = Csv.join(MonitorColumns.HEADER);

    private final CsvWriter out;

    MonitorCsv(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        this.out = new CsvWriter(file, MonitorColumns.HEADER);
        out.flush();
    }

    void write(List<Reading> readings) throws IOException {
        for (Reading r : readings) {
            out.row(fields(r));
        }
        out.flush();
    }

    /** One reading as a line of this file (without the line end). */
    static String row(Reading r) {
        return Csv.join(fields(r));
    }

    /** The fields in {@link MonitorColumns#HEADER}'s order. */
    private static List<String> fields(Reading r) {
        return List.of(Long.toString(r.timeStamp()), r.source(), r.metric(), number(r.value()), r.unit());
    }

    /** A line written by {@link #row}: the remote monitor sends its readings in this form. */
    static Reading parse(String line) {
        List<String> f = Csv.split(line);
        if (f == null || f.size() != MonitorColumns.HEADER.size()) {
            throw new IllegalArgumentException("not a monitor row (" + HEADER + "): " + line);
        }
        try {
            return new Reading(Long.parseLong(f.get(0)), f.get(1), f.get(2), Double.parseDouble(f.get(3)), f.get(4));
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
