package org.dbstudy.cli.run;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dbstudy.cli.failure.UserError;

/**
 * {@code --budget}: the wall time a run may take when it adds replicates where claims are undecided
 * ({@link ReplicateLoop}); {@link #NONE}: no replicates are added, the study's design is run as written.
 */
public record Budget(long seconds) {
    public static final Budget NONE = new Budget(0);
    /** What {@code --budget} accepts, for its help and its error. */
    public static final String VALID = "a duration such as 90m, 1h30m, 2h or 45s (h, m, s; above 0)";
    private static final Pattern FORM = Pattern.compile("(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?");

    public boolean given() {
        return seconds > 0;
    }

    /** {@code --budget}'s text as a budget; null or empty: none. */
    public static Budget parse(String text) {
        if (text == null || text.isBlank()) {
            return NONE;
        }
        Matcher m = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new UserError("--budget " + text + ": not a duration; valid: " + VALID);
        }
        try {
            long s = Math.addExact(Math.addExact(Math.multiplyExact(number(m.group(1)), 3600),
                    Math.multiplyExact(number(m.group(2)), 60)), number(m.group(3)));
            if (s <= 0) {
                throw new UserError("--budget " + text + ": give a duration above 0; valid: " + VALID);
            }
            return new Budget(s);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new UserError("--budget " + text + ": too long; valid: " + VALID);
        }
    }

    private static long number(String digits) {
        return digits == null ? 0 : Long.parseLong(digits);
    }

    /** "1h30m", as {@code --budget} takes it back. */
    public String words() {
        long h = seconds / 3600;
        long m = seconds % 3600 / 60;
        long s = seconds % 60;
        return (h > 0 ? h + "h" : "") + (m > 0 ? m + "m" : "") + (s > 0 || seconds == 0 ? s + "s" : "");
    }
}
