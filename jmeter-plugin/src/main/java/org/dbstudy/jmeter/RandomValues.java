package org.dbstudy.jmeter;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dbstudy.jmeter.procedure.InvalidSettingException;

/**
 * The sampler's {@code randomValues} field: named whole numbers drawn in Java once per sample, one
 * {@code name = random(min, max)} per line (uniform from min to max, both included, pgbench's
 * {@code \set aid random(1, 100000)}). Parameter values use them as {@code :name} and bind them as
 * numbers, so a sample needs no Random Variable config element, no JMeter variable and no text
 * substitution and parsing of its parameters. Drawn before the first try: a retry binds the same values,
 * as it does with JMeter's Random Variables (drawn once per iteration).
 */
public final class RandomValues {
    static final String FIELD = "randomValues";
    /** No random values (the field is empty). */
    public static final RandomValues NONE = new RandomValues(List.of(), new long[0], new long[0]);

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern LINE = Pattern.compile(
            "\\s*(\\S+?)\\s*=\\s*random\\s*\\(\\s*(-?\\d{1,18})\\s*,\\s*(-?\\d{1,18})\\s*\\)\\s*");

    private final List<String> names;
    private final long[] min;
    private final long[] max;

    private RandomValues(List<String> names, long[] min, long[] max) {
        this.names = names;
        this.min = min;
        this.max = max;
    }

    /** A reference to one random value in a parameter line ({@code :name}): binds the sample's draw. */
    public record Ref(String name, int slot) {
        @Override
        public String toString() {
            return ":" + name;
        }
    }

    /** Reads the field's lines; every problem names the line and what is valid. */
    public static RandomValues parse(String text) throws InvalidSettingException {
        if (text == null || text.isBlank()) {
            return NONE;
        }
        List<String> names = new ArrayList<>();
        List<long[]> ranges = new ArrayList<>();
        String[] lines = text.split("\\r?\\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            Matcher m = LINE.matcher(lines[i]);
            if (!m.matches()) {
                throw problem(i, lines[i], "is not 'name = random(min, max)' with whole numbers, e.g. aid = random(1, 100000)");
            }
            String name = m.group(1);
            if (!NAME.matcher(name).matches()) {
                throw problem(i, lines[i], "'" + name + "' is not a name (a letter or _, then letters, digits or _)");
            }
            if (names.contains(name)) {
                throw problem(i, lines[i], "'" + name + "' is defined twice");
            }
            long lo = Long.parseLong(m.group(2));
            long hi = Long.parseLong(m.group(3));
            if (lo > hi) {
                throw problem(i, lines[i], "min " + lo + " is greater than max " + hi);
            }
            names.add(name);
            ranges.add(new long[] {lo, hi});
        }
        if (names.isEmpty()) {
            return NONE;
        }
        long[] min = new long[names.size()];
        long[] max = new long[names.size()];
        for (int i = 0; i < min.length; i++) {
            min[i] = ranges.get(i)[0];
            max[i] = ranges.get(i)[1];
        }
        return new RandomValues(List.copyOf(names), min, max);
    }

    private static InvalidSettingException problem(int line, String text, String what) {
        return new InvalidSettingException(FIELD, "line " + (line + 1) + " '" + text.strip() + "': " + what);
    }

    public boolean isEmpty() {
        return names.isEmpty();
    }

    public int size() {
        return names.size();
    }

    /** The reference for {@code :name}, or null when no value has that name. */
    Ref ref(String name) {
        int slot = names.indexOf(name);
        return slot < 0 ? null : new Ref(name, slot);
    }

    public List<String> names() {
        return names;
    }

    /** Draws every value into {@code into} (one slot per name, in order) from this thread's random source. */
    void draw(long[] into) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int i = 0; i < min.length; i++) {
            // max + 1 cannot overflow: bounds have at most 18 digits.
            into[i] = random.nextLong(min[i], max[i] + 1);
        }
    }

    /** Equal texts give equal values: the reader re-parses when the text changes, not when it is the same. */
    @Override
    public boolean equals(Object o) {
        return o instanceof RandomValues r && r.names.equals(names) && java.util.Arrays.equals(r.min, min)
                && java.util.Arrays.equals(r.max, max);
    }

    @Override
    public int hashCode() {
        return names.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            sb.append(i > 0 ? "\n" : "").append(names.get(i)).append(" = random(").append(min[i]).append(", ")
                    .append(max[i]).append(')');
        }
        return sb.toString();
    }
}
