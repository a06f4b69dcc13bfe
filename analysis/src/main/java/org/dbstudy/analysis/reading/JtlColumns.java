package org.dbstudy.analysis.reading;

import java.nio.file.Path;
import java.util.Locale;
import org.dbstudy.vocabulary.SampleVariables;

/**
 * Where the columns the analysis reads sit in a CSV JTL, from its header or, for a header-less
 * file, JMeter's default column order. -1 marks a column the file does not have.
 */
public record JtlColumns(int timeStamp, int elapsed, int label, int responseCode, int responseMessage,
                  int threadName, int success, int connect, int width, int allThreads, int intendedStart) {

    /** JMeter's default CSV columns, used when a file has no header. */
    public static final String DEFAULT_HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,"
            + "dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

    /** Header-less files: the default order; rows may stop after the last column we need (Connect is optional). */
    public static final JtlColumns DEFAULT = new JtlColumns(0, 1, 2, 3, 4, 5, 7, 16, -1, 12, -1);

    public static JtlColumns fromHeader(Path file, CsvTokenizer header) throws AnalysisInputException {
        int[] found = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
        String[] names = {"timestamp", "elapsed", "label", "responsecode", "responsemessage", "threadname", "success",
            "connect", "allthreads", SampleVariables.INTENDED_START.toLowerCase(Locale.ROOT)};
        StringBuilder seen = new StringBuilder();
        for (int f = 0; f < header.fieldCount(); f++) {
            String name = header.string(f).trim();
            seen.append(f == 0 ? "" : ",").append(name);
            for (int i = 0; i < names.length; i++) {
                if (names[i].equals(name.toLowerCase(Locale.ROOT)) && found[i] < 0) {
                    found[i] = f;
                }
            }
        }
        for (int required : new int[] {1, 2}) { // elapsed, label
            if (found[required] < 0) {
                throw new AnalysisInputException(file, header.recordLine(), "header", "no '" + names[required]
                        + "' column in '" + abbreviate(seen) + "'; a JTL header needs at least elapsed and label, e.g. "
                        + DEFAULT_HEADER);
            }
        }
        return new JtlColumns(found[0], found[1], found[2], found[3], found[4], found[5], found[6], found[7],
                header.fieldCount(), found[8], found[9]);
    }

    /** The highest column index a row must reach. */
    public int lastNeeded() {
        return Math.max(Math.max(timeStamp, Math.max(elapsed, label)), Math.max(threadName, success));
    }

    private static String abbreviate(CharSequence s) {
        return s.length() <= 120 ? s.toString() : s.subSequence(0, 117) + "...";
    }
}
