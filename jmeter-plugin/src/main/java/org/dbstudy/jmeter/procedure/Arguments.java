package org.dbstudy.jmeter.procedure;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A procedure's arguments, {@code name=value} lines from the sampler's {@code procedureArguments}
 * field (after JMeter evaluated their {@code ${…}}). Typed getters name the argument in every error.
 */
public final class Arguments {
    static final String FIELD = "procedureArguments";
    private final Map<String, String> values;

    private Arguments(Map<String, String> values) {
        this.values = values;
    }

    /** Parses the lines and refuses names the procedure does not take. */
    public static Arguments parse(String text, String procedure, List<String> accepted) throws InvalidSettingException {
        Map<String, String> out = new LinkedHashMap<>();
        if (text != null) {
            for (String line : text.split("\\r?\\n")) {
                if (line.isBlank()) {
                    continue;
                }
                int eq = line.indexOf('=');
                String name = eq < 0 ? line.strip() : line.substring(0, eq).strip();
                if (eq < 0 || name.isEmpty()) {
                    throw new InvalidSettingException(FIELD, "'" + line.strip() + "' is not name=value");
                }
                if (!accepted.contains(name)) {
                    throw new InvalidSettingException(FIELD, "'" + name + "' is not an argument of " + procedure
                            + "; it takes " + String.join(", ", accepted));
                }
                out.put(name, line.substring(eq + 1).strip());
            }
        }
        return new Arguments(out);
    }

    public static Arguments of(Map<String, String> values) {
        return new Arguments(new LinkedHashMap<>(values));
    }

    public Map<String, String> asMap() { return Collections.unmodifiableMap(values); }

    /** The value, or the fallback when the argument is absent or empty. */
    public String text(String name, String fallback) {
        String v = values.get(name);
        return v == null || v.isEmpty() ? fallback : v;
    }

    public long number(String name, long fallback, long min, long max) throws InvalidSettingException {
        String v = text(name, null);
        if (v == null) {
            return fallback;
        }
        try {
            long n = Long.parseLong(v);
            if (n < min || n > max) {
                throw problem(name, v + " is out of range; give a whole number from " + min + " to " + max);
            }
            return n;
        } catch (NumberFormatException e) {
            throw problem(name, "'" + v + "' is not a whole number (" + min + " to " + max + ")");
        }
    }

    /** A required whole number. */
    public long required(String name, long min, long max) throws InvalidSettingException {
        if (text(name, null) == null) {
            throw problem(name, "missing; give a whole number from " + min + " to " + max);
        }
        return number(name, 0, min, max);
    }

    public boolean flag(String name, boolean fallback) throws InvalidSettingException {
        String v = text(name, null);
        if (v == null) {
            return fallback;
        }
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw problem(name, "'" + v + "' is not true or false");
        };
    }

    /** One of the given words (any case), returned in upper case. */
    public String choice(String name, String fallback, String... allowed) throws InvalidSettingException {
        String v = text(name, fallback).toUpperCase(Locale.ROOT);
        for (String a : allowed) {
            if (a.equalsIgnoreCase(v)) {
                return a;
            }
        }
        throw problem(name, "'" + v + "' is not one of " + String.join(", ", allowed));
    }

    public static InvalidSettingException problem(String name, String what) {
        return new InvalidSettingException(FIELD, "argument '" + name + "': " + what);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Arguments a && a.values.equals(values);
    }

    @Override
    public int hashCode() { return values.hashCode(); }
}
