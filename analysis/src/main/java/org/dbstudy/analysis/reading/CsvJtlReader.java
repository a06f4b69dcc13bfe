package org.dbstudy.analysis.reading;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.dbstudy.vocabulary.ResponseMessages;
import org.dbstudy.vocabulary.SampleLabels;

/**
 * Reads a CSV JTL: header (any column order or subset) or JMeter's default order when the first
 * line is already a sample. Unreadable rows go to {@link LineProblems}; a cut-off last line is
 * left out and reported in the {@link ReadSummary}.
 */
public final class CsvJtlReader {
    private final ByteStringCache labels = new ByteStringCache();
    private final ByteStringCache threads = new ByteStringCache();

    public ReadSummary read(Path file, ResultStream in, byte delimiter, boolean strict, Sample.Sink sink)
            throws IOException, AnalysisInputException {
        try {
            return readRows(file, in, delimiter, strict, sink);
        } catch (CsvTokenizer.RecordTooLong e) {
            throw e.inputError(file);
        }
    }

    private ReadSummary readRows(Path file, ResultStream in, byte delimiter, boolean strict, Sample.Sink sink)
            throws IOException, AnalysisInputException {
        CsvTokenizer csv = new CsvTokenizer(in, delimiter);
        LineProblems problems = new LineProblems(file, strict);
        if (!csv.next()) {
            throw new AnalysisInputException(file, 1, "file",
                    "no complete line; a CSV JTL needs a header line such as " + JtlColumns.DEFAULT_HEADER);
        }
        JtlColumns columns;
        long rows = 0;
        Sample sample = new Sample();
        if (csv.longField(0) != CsvTokenizer.NOT_A_NUMBER) {
            columns = JtlColumns.DEFAULT;
            rows += row(csv, columns, sample, problems, sink);
        } else {
            columns = JtlColumns.fromHeader(file, csv);
        }
        while (csv.next()) {
            rows += row(csv, columns, sample, problems, sink);
        }
        boolean cut = csv.cutOff() || in.truncated();
        return new ReadSummary(file, rows, cut ? csv.cutOffLine() : 0, problems.count(), problems.first(),
                columns.timeStamp() >= 0);
    }

    private static final byte[] TRIES = ResponseMessages.TRIES.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] RETRIED = ResponseMessages.RETRIED.getBytes(StandardCharsets.US_ASCII);
    private static final byte[] OK = "OK ".getBytes(StandardCharsets.US_ASCII);

    /**
     * Whether a successful sample's message says more than {@code OK rows=N tries=K}: retried tries,
     * an intended rollback, a setUp or tearDown sample's facts. Only those become Strings.
     */
    private static boolean saysMore(CsvTokenizer csv, int field, String label) {
        return SampleLabels.isNotWorkload(label) || !csv.fieldStartsWith(field, OK) || csv.fieldHas(field, RETRIED);
    }

    /** Hands one row to the sink; 1 if it was a sample, 0 if it was bad. */
    private int row(CsvTokenizer csv, JtlColumns c, Sample s, LineProblems problems, Sample.Sink sink)
            throws AnalysisInputException {
        long line = csv.recordLine();
        int fields = csv.fieldCount();
        if (c.width() > 0 ? fields != c.width() : fields <= c.lastNeeded()) {
            problems.report(line, "fields", fields + " fields where " + (c.width() > 0 ? "the header has "
                    + c.width() : "JMeter's default order needs " + (c.lastNeeded() + 1))
                    + "; quote fields that hold the delimiter");
            return 0;
        }
        s.elapsed = csv.longField(c.elapsed());
        if (s.elapsed < 0) {
            problems.report(line, "elapsed", "'" + csv.string(c.elapsed())
                    + "' is not a whole, non-negative number of milliseconds");
            return 0;
        }
        s.timeStamp = c.timeStamp() < 0 ? 0 : csv.longField(c.timeStamp());
        if (s.timeStamp == CsvTokenizer.NOT_A_NUMBER) {
            problems.report(line, "timeStamp", "'" + csv.string(c.timeStamp())
                    + "' is not epoch milliseconds; write JTLs with jmeter.save.saveservice.timestamp_format=ms");
            return 0;
        }
        if (c.success() < 0 || csv.fieldEqualsIgnoreCase(c.success(), "true")) {
            s.success = true;
        } else if (csv.fieldEqualsIgnoreCase(c.success(), "false")) {
            s.success = false;
        } else {
            problems.report(line, "success", "'" + csv.string(c.success()) + "' is neither true nor false");
            return 0;
        }
        s.label = csv.string(c.label(), labels);
        s.threadName = c.threadName() < 0 ? "" : csv.string(c.threadName(), threads);
        s.responseCode = s.success || c.responseCode() < 0 ? null : csv.string(c.responseCode());
        int m = c.responseMessage();
        s.tries = m < 0 ? 0 : (int) Math.max(0, Math.min(Integer.MAX_VALUE, csv.numberAfter(m, TRIES)));
        s.responseMessage = m < 0 || s.success && !saysMore(csv, m, s.label) ? null : csv.string(m);
        s.connect = c.connect() >= 0 && c.connect() < fields ? csv.longField(c.connect()) : -1;
        s.allThreads = c.allThreads() >= 0 && c.allThreads() < fields ? csv.longField(c.allThreads()) : -1;
        long intended = c.intendedStart() >= 0 && c.intendedStart() < fields ? csv.longField(c.intendedStart()) : -1;
        s.intendedStart = intended > 0 ? intended : -1;
        s.nested = false;
        s.line = line;
        sink.accept(s);
        return 1;
    }
}
