package org.dbstudy.jmeter;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.dbstudy.jmeter.procedure.InvalidSettingException;

/**
 * One statement as it is sent: its SQL (rewritten into one multi-row INSERT when batch rows are
 * asked for), the parameter values of one row, and how many times those values are bound in a row.
 */
public record SqlStatement(String sql, List<Object> parameters, int rowRepeat) {

    /** Statements end with a semicolon at the end of a line (a semicolon inside a line stays). */
    private static final Pattern STATEMENT_END = Pattern.compile(";[ \\t]*(\\r?\\n|$)");

    /** The statements of a text, each ending with a semicolon at the end of a line. */
    public static List<String> split(String text) {
        List<String> out = new ArrayList<>();
        for (String part : STATEMENT_END.split(text)) {
            if (!part.isBlank()) {
                out.add(part.strip());
            }
        }
        return out;
    }

    /** Counts {@code ?} markers outside quoted strings and identifiers. */
    public static int countPlaceholders(String sql) {
        int count = 0;
        char quote = 0;
        for (int i = 0; i < sql.length(); i++) {
            char ch = sql.charAt(i);
            if (quote != 0) {
                if (ch == quote) {
                    quote = 0;
                }
            } else if (ch == '\'' || ch == '"' || ch == '`') {
                quote = ch;
            } else if (ch == '?') {
                count++;
            }
        }
        return count;
    }

    /**
     * Reads one line of parameter values: comma-separated, {@code \,} for a comma inside a value.
     * Whole numbers bind as long, decimals as BigDecimal, {@code NULL} as SQL NULL, anything else as a
     * string; {@code str:} forces a string. When the sampler has random values, {@code :name} is a
     * {@link RandomValues.Ref} to one of them ({@code lineNumber} counts from 1, for messages).
     */
    static List<Object> parseParameters(String line, RandomValues random, int lineNumber) throws InvalidSettingException {
        List<Object> values = new ArrayList<>();
        if (line == null || line.isBlank()) {
            return values;
        }
        StringBuilder current = new StringBuilder();
        for (int i = 0; i < line.length(); i++) {
            char ch = line.charAt(i);
            if (ch == '\\' && i + 1 < line.length() && line.charAt(i + 1) == ',') {
                current.append(',');
                i++;
            } else if (ch == ',') {
                values.add(typed(current.toString().strip(), random, lineNumber));
                current.setLength(0);
            } else {
                current.append(ch);
            }
        }
        values.add(typed(current.toString().strip(), random, lineNumber));
        return values;
    }

    private static Object typed(String text, RandomValues random, int lineNumber) throws InvalidSettingException {
        if (text.startsWith("str:")) {
            return text.substring(4);
        }
        if (text.startsWith(":") && !random.isEmpty()) {
            // Without random values a ':' value stays text, as in plans written before they existed.
            RandomValues.Ref ref = random.ref(text.substring(1));
            if (ref == null) {
                throw new InvalidSettingException("parameters", "line " + lineNumber + ": '" + text
                        + "' names no random value; defined: " + String.join(", ", random.names())
                        + " (write str:" + text + " for the text)");
            }
            return ref;
        }
        if ("NULL".equals(text)) {
            return null;
        }
        // Checked by hand, not by regex: this runs for every value of every sample.
        int digits = 0;
        int dot = -1;
        for (int i = text.startsWith("-") ? 1 : 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch >= '0' && ch <= '9') {
                digits++;
            } else if (ch == '.' && dot < 0 && digits > 0) {
                dot = i;
            } else {
                return text;
            }
        }
        if (digits == 0 || dot == text.length() - 1) {
            return text;
        }
        if (dot < 0) {
            return digits <= 18 ? (Object) Long.parseLong(text) : text;
        }
        return new java.math.BigDecimal(text);
    }
}
