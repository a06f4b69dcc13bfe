package org.dbstudy.databases.settings;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Setting values as numbers in one base unit, so {@code 1GB}, {@code 1024MB} and PostgreSQL's
 * {@code 131072} (of 8kB) compare equal: memory in bytes, time in microseconds. PostgreSQL's units are
 * those of its documentation ("Parameter Names and Values": B, kB, MB, GB, TB; us, ms, s, min, h, d);
 * MySQL's are its command-line suffixes K, M, G (powers of 1024).
 */
final class Units {
    private static final Pattern NUMBER = Pattern.compile("\\s*(-?[0-9]+(?:\\.[0-9]+)?)\\s*([A-Za-z]*)\\s*");
    private static final long KB = 1024;
    private static final Map<String, Long> FACTORS = Map.ofEntries(
            Map.entry("B", 1L), Map.entry("kB", KB), Map.entry("MB", KB * KB), Map.entry("GB", KB * KB * KB),
            Map.entry("TB", KB * KB * KB * KB), Map.entry("K", KB), Map.entry("M", KB * KB), Map.entry("G", KB * KB * KB),
            Map.entry("us", 1L), Map.entry("ms", 1_000L), Map.entry("s", 1_000_000L), Map.entry("min", 60_000_000L),
            Map.entry("h", 3_600_000_000L), Map.entry("d", 86_400_000_000L));

    private Units() {
    }

    /**
     * {@code text} in base units, a bare number read in {@code defaultUnit} (PostgreSQL's
     * {@code pg_settings.unit}: {@code 8kB}, {@code kB}, {@code MB}, {@code s}, {@code ms}; null: none);
     * null when the text is no number with a known unit.
     */
    static BigDecimal base(String text, String defaultUnit) {
        Matcher m = NUMBER.matcher(text);
        if (!m.matches()) {
            return null;
        }
        BigDecimal n = new BigDecimal(m.group(1));
        String unit = m.group(2);
        if (unit.isEmpty()) {
            return defaultUnit == null ? n : scaled(n, defaultUnit);
        }
        Long f = FACTORS.get(unit);
        return f == null ? null : n.multiply(BigDecimal.valueOf(f));
    }

    /** A number times a unit that may carry its own count ({@code 8kB}). */
    private static BigDecimal scaled(BigDecimal n, String unit) {
        BigDecimal one = base(unit.matches("[0-9].*") ? unit : "1" + unit, null);
        return one == null ? null : n.multiply(one);
    }

    /** Two values equal as numbers in base units, or, when either is no number, as words (case aside, on = true = 1). */
    static boolean same(String wanted, String actual, String defaultUnit) {
        BigDecimal a = base(wanted, defaultUnit);
        BigDecimal b = base(actual, defaultUnit);
        if (a != null && b != null) {
            return a.compareTo(b) == 0;
        }
        return word(wanted).equals(word(actual));
    }

    private static String word(String v) {
        String w = v.trim().toLowerCase(Locale.ROOT);
        return switch (w) {
            case "on", "true", "yes", "1" -> "on";
            case "off", "false", "no", "0" -> "off";
            default -> w;
        };
    }
}
