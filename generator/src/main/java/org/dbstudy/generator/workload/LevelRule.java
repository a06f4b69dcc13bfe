package org.dbstudy.generator.workload;

import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Pattern;

/** What a factor level or template parameter may be: a check and a description of valid values. */
public record LevelRule(String valid, Pattern pattern, BigDecimal min, BigDecimal max, List<String> choices,
                        java.util.function.UnaryOperator<String> check) {
    /** A plain SQL name: letters, digits and underscores, not starting with a digit. */
    public static final Pattern SQL_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");
    private static final Pattern WHOLE = Pattern.compile("-?[0-9]{1,12}");
    private static final Pattern DECIMAL = Pattern.compile("[0-9]{1,9}(\\.[0-9]{1,6})?");

    public static LevelRule wholeNumber(long min, long max) {
        return new LevelRule("a whole number from " + min + " to " + max, WHOLE,
                BigDecimal.valueOf(min), BigDecimal.valueOf(max), null, null);
    }

    public static LevelRule seconds() {
        return new LevelRule("a number of seconds >= 0 (e.g. 0, 0.1, 2)", DECIMAL, BigDecimal.ZERO, null, null, null);
    }

    public static LevelRule sqlName() {
        return new LevelRule("a plain SQL name (letters, digits, _; not starting with a digit)", SQL_NAME,
                null, null, null, null);
    }

    /** Whether a value names a table or column: SQL quotes it, and it must not be a word the database reserves. */
    public boolean namesSqlObject() {
        return pattern == SQL_NAME;
    }

    public static LevelRule text(String valid, Pattern pattern) {
        return new LevelRule(valid, pattern, null, null, null, null);
    }

    public static LevelRule oneOf(List<String> choices) {
        return new LevelRule(String.join(", ", choices), null, null, null, List.copyOf(choices), null);
    }

    /** Text matching the pattern, then checked by {@code check} (null when fine, else the problem). */
    public static LevelRule checked(String valid, Pattern pattern, java.util.function.UnaryOperator<String> check) {
        return new LevelRule(valid, pattern, null, null, null, check);
    }

    /** Null when the value is valid, else what is wrong with it. */
    public String problem(String value) {
        if (value == null || value.isEmpty()) {
            return "empty value";
        }
        if (choices != null) {
            return choices.contains(value) ? null : "'" + value + "' is not a valid value";
        }
        if (!pattern.matcher(value).matches()) {
            return "'" + value + "' is not valid";
        }
        if (min != null || max != null) {
            BigDecimal n = new BigDecimal(value);
            if ((min != null && n.compareTo(min) < 0) || (max != null && n.compareTo(max) > 0)) {
                return "'" + value + "' is out of range";
            }
        }
        return check == null ? null : check.apply(value);
    }
}
