import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Writes a CSV JTL in JMeter's default column order for the analysis benchmark. Without a shape: a few
 * labels, elapsed 1–2000 ms (skewed like real response times), about 2% errors with SQLStates, a
 * sub-result row now and then, eight threads writing at about 3 000 samples/s. A shape varies what the
 * analysis's speed depends on besides the row count: threads (their names and counts), labels, the time
 * span the rows cover, the share of failures (with quoted messages holding commas and quotes, as
 * drivers write them) and the share of sub-result rows.
 * Usage: java GenerateJtl.java ROWS FILE [THREADS LABELS SPAN_SECONDS FAILURE_PERCENT SUB_PERCENT]
 */
public final class GenerateJtl {
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
            + "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect\n";
    private static final String[] LABELS = {"select by id", "select range", "insert row", "update balance"};
    private static final String[][] ERRORS = {
        {"53300 0", "\"too_many_connections: FATAL: sorry, too many clients already\""},
        {"40001 0", "\"serialization_failure: could not serialize access due to concurrent update\""},
        {"40P01 0", "\"deadlock: deadlock detected\""},
    };
    /** Driver messages as the JTL holds them: CSV-quoted, with commas, doubled quotes and a detail line. */
    private static final String[][] QUOTED_ERRORS = {
        {"40001 0", "\"serialization_failure: ERROR: could not serialize access due to read/write dependencies among"
                + " transactions, Detail: Reason code: Canceled on identification as a pivot, during commit attempt.\""},
        {"23505 0", "\"unique_violation: ERROR: duplicate key value violates unique constraint \"\"orders_pkey\"\","
                + " Detail: Key (o_w_id, o_d_id, o_id)=(3, 7, 3012) already exists.\""},
        {"57014 0", "\"query_canceled: ERROR: canceling statement due to statement timeout, Where: SQL statement"
                + " \"\"UPDATE stock SET s_quantity = s_quantity - 5 WHERE s_i_id = 1, s_w_id = 2\"\"\""},
        {"HY000 1205", "\"lock_wait_timeout: (conn=1234) Lock wait timeout exceeded; try restarting transaction\""},
    };

    public static void main(String[] args) throws IOException {
        long rows = Long.parseLong(args[0]);
        Path file = Path.of(args[1]);
        if (args.length == 2) {
            classic(rows, file);
        } else {
            shaped(rows, file, Integer.parseInt(args[2]), Integer.parseInt(args[3]), Long.parseLong(args[4]),
                    Double.parseDouble(args[5]), Double.parseDouble(args[6]));
        }
    }

    /** The benchmark's first JTL, kept row for row so that earlier measurements stay comparable. */
    private static void classic(long rows, Path file) throws IOException {
        SplittableRandom random = new SplittableRandom(20_240_601);
        long ts = 1_700_000_000_000L;
        StringBuilder line = new StringBuilder(256);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            out.write(HEADER.getBytes(StandardCharsets.US_ASCII));
            for (long i = 0; i < rows; i++) {
                ts += random.nextInt(3) == 0 ? 1 : 0;
                int label = random.nextInt(LABELS.length);
                // Log-normal-ish: most samples fast, a long tail up to 2000 ms.
                long elapsed = Math.min(2000, 1 + (long) Math.exp(random.nextDouble(0, 1) * random.nextDouble(0, 7.6)));
                boolean ok = random.nextInt(50) != 0;
                String[] error = ERRORS[random.nextInt(ERRORS.length)];
                boolean sub = random.nextInt(20) == 0;
                line.setLength(0);
                line.append(ts).append(',').append(elapsed).append(',').append(LABELS[label]).append(sub ? "-0" : "")
                        .append(',').append(ok ? "200" : error[0]).append(',').append(ok ? "OK" : error[1])
                        .append(",127.0.0.1:1099-users 1-").append(i % 8 + 1).append(",text,").append(ok)
                        .append(',').append(ok ? "" : "\"error, see message\"").append(',').append(100 + elapsed % 900)
                        .append(",64,8,8,,").append(elapsed / 2).append(",0,").append(elapsed % 3).append('\n');
                out.write(line.toString().getBytes(StandardCharsets.US_ASCII));
            }
        }
    }

    /**
     * Rows spread evenly over {@code spanSeconds} (JMeter writes a sample when it ends, so timestamps only
     * roughly ascend: each row's start is its end minus its elapsed), threads taking turns at random, labels
     * with a Zipf-like popularity (a few frequent transactions, a long tail of rare queries), sub-results as
     * {@code <label>-<n>} rows after their parent.
     */
    private static void shaped(long rows, Path file, int threads, int labels, long spanSeconds, double failurePercent,
                               double subPercent) throws IOException {
        SplittableRandom random = new SplittableRandom(20_261_207L + threads * 31L + labels);
        String[] names = new String[labels];
        for (int i = 0; i < labels; i++) {
            // Some labels hold a comma and are quoted, as JMeter writes them.
            names[i] = i % 17 == 5 ? "\"Q" + i + " scan, join\"" : (i < LABELS.length ? LABELS[i] : "Q" + i + " report");
        }
        double[] cumulative = new double[labels];
        double sum = 0;
        for (int i = 0; i < labels; i++) {
            sum += 1.0 / (i + 1);
            cumulative[i] = sum;
        }
        long start = 1_700_000_000_000L;
        double msPerRow = spanSeconds * 1000.0 / Math.max(1, rows);
        StringBuilder line = new StringBuilder(512);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 20)) {
            out.write(HEADER.getBytes(StandardCharsets.US_ASCII));
            long written = 0;
            while (written < rows) {
                long end = start + (long) (written * msPerRow);
                int label = pick(cumulative, random.nextDouble(sum));
                long elapsed = Math.min(60_000, 1 + (long) Math.exp(random.nextDouble(0, 1) * random.nextDouble(0, 9)));
                boolean ok = random.nextDouble(100) >= failurePercent;
                String[] error = QUOTED_ERRORS[random.nextInt(QUOTED_ERRORS.length)];
                int thread = random.nextInt(threads) + 1;
                int subs = random.nextDouble(100) < subPercent ? 1 + random.nextInt(4) : 0;
                row(line, end, elapsed, names[label], ok, error, thread, threads);
                out.write(line.toString().getBytes(StandardCharsets.UTF_8));
                written++;
                for (int s = 0; s < subs && written < rows; s++, written++) {
                    String sub = names[label].startsWith("\"") ? names[label].substring(0, names[label].length() - 1) + "-" + s + "\""
                            : names[label] + "-" + s;
                    row(line, end, Math.max(0, elapsed / (subs + 1)), sub, ok || s < subs - 1, error, thread, threads);
                    out.write(line.toString().getBytes(StandardCharsets.UTF_8));
                }
            }
        }
    }

    private static void row(StringBuilder line, long end, long elapsed, String label, boolean ok, String[] error, int thread,
                            int threads) {
        line.setLength(0);
        line.append(end - elapsed).append(',').append(elapsed).append(',').append(label).append(',')
                .append(ok ? "200" : error[0]).append(',').append(ok ? "OK" : error[1])
                .append(",10.0.0.7:1099-terminals 1-").append(thread).append(",text,").append(ok).append(',')
                .append(ok ? "" : error[1]).append(',').append(100 + elapsed % 900).append(",64,").append(threads)
                .append(',').append(threads).append(",,").append(elapsed / 2).append(",0,").append(elapsed % 3).append('\n');
    }

    private static int pick(double[] cumulative, double u) {
        int lo = 0;
        int hi = cumulative.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cumulative[mid] < u) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
