import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Writes a CSV JTL in JMeter's default column order for the analysis benchmark: a few labels,
 * elapsed 1–2000 ms (skewed like real response times), about 2% errors with SQLStates, a
 * sub-result row now and then, eight threads writing at about 3 000 samples/s.
 * Usage: java GenerateJtl.java ROWS FILE
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

    public static void main(String[] args) throws IOException {
        long rows = Long.parseLong(args[0]);
        SplittableRandom random = new SplittableRandom(20_240_601);
        long ts = 1_700_000_000_000L;
        StringBuilder line = new StringBuilder(256);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(Path.of(args[1])), 1 << 20)) {
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
}
