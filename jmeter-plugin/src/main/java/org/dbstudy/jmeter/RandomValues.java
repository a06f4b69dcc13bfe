package org.dbstudy.jmeter;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dbstudy.jmeter.procedure.InvalidSettingException;
import org.dbstudy.jmeter.random.Nurand;
import org.dbstudy.jmeter.random.Zipfian;

/**
 * The sampler's {@code randomValues} field: named whole numbers drawn in Java once per sample, one per
 * line: {@code name = random(min, max)} (uniform from min to max, both included, pgbench's
 * {@code \set aid random(1, 100000)}), {@code name = nurand(A, min, max)} (TPC-C's NURand, {@link Nurand})
 * or {@code name = zipfian(min, max, s)} (Zipf with exponent s, min the most frequent, {@link Zipfian}).
 * Parameter values use them as {@code :name} and bind them as numbers, so a sample needs no Random
 * Variable config element, no JMeter variable and no text substitution and parsing of its parameters.
 * Drawn before the first try: a retry binds the same values, as it does with JMeter's Random Variables
 * (drawn once per iteration). Parsed once per text; a draw allocates nothing.
 */
public final class RandomValues {
    static final String FIELD = "randomValues";
    /** No random values (the field is empty). */
    public static final RandomValues NONE = new RandomValues(List.of(), new Distribution[0]);

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** {@code name = function(arguments)}; each function's arguments are checked by its own pattern. */
    private static final Pattern LINE = Pattern.compile("\\s*(\\S+?)\\s*=\\s*([A-Za-z]+)\\s*\\((.*)\\)\\s*");
    private static final String WHOLE = "\\s*(-?\\d{1,18})\\s*";
    private static final Pattern RANDOM_ARGS = Pattern.compile(WHOLE + "," + WHOLE);
    private static final Pattern NURAND_ARGS = Pattern.compile(WHOLE + "," + WHOLE + "," + WHOLE);
    private static final Pattern ZIPFIAN_ARGS = Pattern.compile(WHOLE + "," + WHOLE + ",\\s*(\\d{1,9}(?:\\.\\d{1,18})?)\\s*");
    private static final String ANY = "is not 'name = random(min, max)', 'name = nurand(A, min, max)' or"
            + " 'name = zipfian(min, max, s)', e.g. aid = random(1, 100000)";

    private final List<String> names;
    private final Distribution[] distributions;

    private RandomValues(List<String> names, Distribution[] distributions) {
        this.names = names;
        this.distributions = distributions;
    }

    /** One line's distribution: draws a whole number from the calling thread's generator. */
    private sealed interface Distribution {
        long draw(ThreadLocalRandom random);
    }

    /** {@code random(min, max)}: uniform, both included. */
    private record Uniform(long min, long max) implements Distribution {
        @Override
        public long draw(ThreadLocalRandom random) {
            // max + 1 cannot overflow: bounds have at most 18 digits.
            return random.nextLong(min, max + 1);
        }

        @Override
        public String toString() {
            return "random(" + min + ", " + max + ")";
        }
    }

    /** {@code nurand(A, min, max)} with {@link Nurand#runConstant}(A) as C. */
    private record NonUniform(long a, long min, long max, long c) implements Distribution {
        @Override
        public long draw(ThreadLocalRandom random) {
            long fromZeroToA = random.nextLong(0, a + 1);
            return Nurand.of(fromZeroToA, random.nextLong(min, max + 1), c, min, max);
        }

        @Override
        public String toString() {
            return "nurand(" + a + ", " + min + ", " + max + ")";
        }
    }

    /** {@code zipfian(min, max, s)}; equal when the text is, whatever sampler object it holds. */
    private record Zipf(long min, long max, double s, Zipfian sampler) implements Distribution {
        @Override
        public long draw(ThreadLocalRandom random) {
            return sampler.next(); // the sampler draws from the same thread's generator
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Zipf z && z.min == min && z.max == max && Double.compare(z.s, s) == 0;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(min) * 31 + Long.hashCode(max) * 17 + Double.hashCode(s);
        }

        @Override
        public String toString() {
            return "zipfian(" + min + ", " + max + ", " + s + ")";
        }
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
        List<Distribution> distributions = new ArrayList<>();
        String[] lines = text.split("\\r?\\n");
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].isBlank()) {
                continue;
            }
            Matcher m = LINE.matcher(lines[i]);
            if (!m.matches()) {
                throw problem(i, lines[i], ANY);
            }
            String name = m.group(1);
            if (!NAME.matcher(name).matches()) {
                throw problem(i, lines[i], "'" + name + "' is not a name (a letter or _, then letters, digits or _)");
            }
            if (names.contains(name)) {
                throw problem(i, lines[i], "'" + name + "' is defined twice");
            }
            names.add(name);
            distributions.add(distribution(i, lines[i], m.group(2), m.group(3)));
        }
        if (names.isEmpty()) {
            return NONE;
        }
        return new RandomValues(List.copyOf(names), distributions.toArray(new Distribution[0]));
    }

    private static Distribution distribution(int i, String line, String function, String arguments)
            throws InvalidSettingException {
        switch (function) {
            case "random" -> {
                Matcher m = RANDOM_ARGS.matcher(arguments);
                if (!m.matches()) {
                    throw problem(i, line, "is not 'name = random(min, max)' with whole numbers, e.g. aid = random(1, 100000)");
                }
                long min = Long.parseLong(m.group(1));
                long max = Long.parseLong(m.group(2));
                checkRange(i, line, min, max);
                return new Uniform(min, max);
            }
            case "nurand" -> {
                Matcher m = NURAND_ARGS.matcher(arguments);
                if (!m.matches()) {
                    throw problem(i, line, "is not 'name = nurand(A, min, max)' with whole numbers,"
                            + " e.g. cid = nurand(1023, 1, 3000)");
                }
                long a = Long.parseLong(m.group(1));
                long min = Long.parseLong(m.group(2));
                long max = Long.parseLong(m.group(3));
                if (a < 0 || min < 0) {
                    throw problem(i, line, "A and min must be 0 or more (NURand ORs the bits of two draws),"
                            + " e.g. cid = nurand(1023, 1, 3000)");
                }
                checkRange(i, line, min, max);
                return new NonUniform(a, min, max, Nurand.runConstant(a));
            }
            case "zipfian" -> {
                Matcher m = ZIPFIAN_ARGS.matcher(arguments);
                if (!m.matches()) {
                    throw problem(i, line, "is not 'name = zipfian(min, max, s)' with whole numbers min and max and"
                            + " a decimal s > 0, e.g. key = zipfian(1, 100000, 0.99)");
                }
                long min = Long.parseLong(m.group(1));
                long max = Long.parseLong(m.group(2));
                double s = Double.parseDouble(m.group(3));
                checkRange(i, line, min, max);
                if (max - min + 1 > Zipfian.MAX_VALUES) {
                    throw problem(i, line, "zipfian spans at most " + Zipfian.MAX_VALUES + " values; max − min + 1 is "
                            + (max - min + 1));
                }
                if (!(s > 0)) {
                    throw problem(i, line, "s must be greater than 0 (0.99 is YCSB's default)");
                }
                return new Zipf(min, max, s, new Zipfian(min, max, s));
            }
            default -> throw problem(i, line, ANY);
        }
    }

    private static void checkRange(int i, String line, long min, long max) throws InvalidSettingException {
        if (min > max) {
            throw problem(i, line, "min " + min + " is greater than max " + max);
        }
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
        for (int i = 0; i < distributions.length; i++) {
            into[i] = distributions[i].draw(random);
        }
    }

    /** Equal texts give equal values: the reader re-parses when the text changes, not when it is the same. */
    @Override
    public boolean equals(Object o) {
        return o instanceof RandomValues r && r.names.equals(names) && java.util.Arrays.equals(r.distributions, distributions);
    }

    @Override
    public int hashCode() {
        return names.hashCode();
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            sb.append(i > 0 ? "\n" : "").append(names.get(i)).append(" = ").append(distributions[i]);
        }
        return sb.toString();
    }
}
