package org.dbstudy.vocabulary;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code name=value} facts the dbstudy sampler writes into a sample's response message, and their
 * parsers for the analysis: how many tries a sample took and which outcome classes the retried tries
 * ended in ({@code tries=3 retried=serialization_failure:2}), how many consistency conditions a
 * {@code TPCC_CHECK} found violated ({@code violations=0}), where a plan capture wrote its plans
 * ({@code plans=5 file=explain/cell.jmx.plans.txt}), and what state a TPC-C cell started from
 * ({@link DataStart}). Both sides use these definitions, so a format change is one change.
 */
public final class ResponseMessages {
    public static final String TRIES = "tries=";
    public static final String RETRIED = "retried=";
    public static final String VIOLATIONS = "violations=";
    public static final String PLANS = "plans=";
    public static final String FILE = "file=";

    private static final Pattern TRIES_VALUE = Pattern.compile("(?:^|[ \\[])tries=(\\d+)");
    private static final Pattern RETRIED_VALUE = Pattern.compile("(?:^|[ \\[])retried=([a-z_]+:\\d+(?:,[a-z_]+:\\d+)*)");
    private static final Pattern PLAN_FILE = Pattern.compile("(?:^|[ \\[])plans=\\d+ file=(\\S+)");
    private static final Pattern VIOLATIONS_VALUE = Pattern.compile("(?:^|[ \\[])violations=(\\d+)");

    private ResponseMessages() {
    }

    /**
     * {@code tries=K}, followed by {@code retried=class:n,…} when earlier tries failed and were retried.
     *
     * @param retried tries that failed and were retried, indexed by {@link Outcome#ordinal()}; null when none
     */
    public static String tries(int tries, int[] retried) {
        StringBuilder out = new StringBuilder(TRIES).append(tries);
        if (retried != null) {
            String sep = " " + RETRIED;
            for (int i = 0; i < retried.length; i++) {
                if (retried[i] > 0) {
                    out.append(sep).append(Outcome.byOrdinal(i).label()).append(':').append(retried[i]);
                    sep = ",";
                }
            }
        }
        return out.toString();
    }

    /** The {@code tries=K} of a message; 0 when it has none (a sample of another sampler). */
    public static int tries(String message) {
        if (message == null) {
            return 0;
        }
        Matcher m = TRIES_VALUE.matcher(message);
        return m.find() ? parse(m.group(1)) : 0;
    }

    /**
     * Adds the message's retried tries per class to {@code counts} (indexed by {@link Outcome#ordinal()});
     * classes the vocabulary does not know count as {@link Outcome#OTHER}.
     */
    public static void addRetried(String message, long[] counts) {
        if (message == null || !message.contains(RETRIED)) {
            return;
        }
        Matcher m = RETRIED_VALUE.matcher(message);
        if (!m.find()) {
            return;
        }
        for (String part : m.group(1).split(",")) {
            int colon = part.indexOf(':');
            Outcome o = Outcome.fromLabel(part.substring(0, colon));
            counts[(o == null ? Outcome.OTHER : o).ordinal()] += parse(part.substring(colon + 1));
        }
    }

    /** {@code violations=V}: consistency conditions violated. */
    public static String violations(int violated) {
        return VIOLATIONS + violated;
    }

    /** The {@code violations=V} of a message; -1 when it has none. */
    public static int violations(String message) {
        if (message == null) {
            return -1;
        }
        Matcher m = VIOLATIONS_VALUE.matcher(message);
        return m.find() ? parse(m.group(1)) : -1;
    }

    /** {@code plans=N file=F}: a plan capture's count and the file it also wrote (omitted when none). */
    public static String plans(int plans, String file) {
        return PLANS + plans + (file == null || file.isEmpty() ? "" : " " + FILE + file);
    }

    /** The file a plan capture's message names, relative to JMeter's working directory; null when none. */
    public static String planFile(String message) {
        if (message == null) {
            return null;
        }
        Matcher m = PLAN_FILE.matcher(message);
        return m.find() ? m.group(1) : null;
    }

    private static int parse(String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE; // more digits than an int: a count that large is "very many"
        }
    }

    /**
     * What state a TPC-C cell's data started from, as its setUp load says: freshly loaded, the loaded
     * state restored, reused from the previous cell with the same warehouses (its end state), or kept
     * whatever it was.
     */
    public enum DataStart {
        LOADED("load=done"),
        /** The state right after the load put back (reset per-level). */
        RESTORED("load=restored"),
        REUSED("load=skipped (reused"),
        KEPT("load=skipped (kept");

        private final String marker;

        DataStart(String marker) {
            this.marker = marker;
        }

        /** The start of the load's note that says this. */
        public String marker() {
            return marker;
        }

        /** As written in summary.csv: {@code loaded}, {@code restored}, {@code reused}, {@code kept}. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        /** The state a load message reports, or null when the message is not a TPC-C load's. */
        public static DataStart of(String message) {
            if (message == null) {
                return null;
            }
            for (DataStart d : values()) {
                if (message.contains(d.marker)) {
                    return d;
                }
            }
            return null;
        }
    }
}
