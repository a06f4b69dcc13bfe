package org.dbstudy.vocabulary;

import java.util.ArrayList;
import java.util.List;

/**
 * The manifest's {@value ManifestColumns#DESIGN} column: which design a study's cells come from and
 * each cell's place in it, written by the generator and read by the analysis. A full factorial writes
 * no such column. The other designs write one of:
 * <ul>
 *   <li>{@code one-factor-at-a-time baseline}, {@code one-factor-at-a-time vary <factor>} (that
 *       factor off its baseline level, all others on theirs), {@code one-factor-at-a-time combined <name>}
 *       (a named combined configuration);</li>
 *   <li>{@code fractional-factorial 2^(5-1) E=ABCD: A- B- C- D- E+}: the design's size and generators,
 *       then each factor's sign in this cell. Letters name the factors with two levels in manifest
 *       column order; {@code -} is a factor's first declared level, {@code +} its second.</li>
 * </ul>
 */
public final class DesignColumn {
    public static final String FULL_FACTORIAL = "full-factorial";
    public static final String ONE_FACTOR_AT_A_TIME = "one-factor-at-a-time";
    public static final String FRACTIONAL_FACTORIAL = "fractional-factorial";
    /** The design types a study file may name, in the order the docs list them. */
    public static final List<String> TYPES = List.of(FULL_FACTORIAL, ONE_FACTOR_AT_A_TIME, FRACTIONAL_FACTORIAL);

    private static final String BASELINE = "baseline";
    private static final String VARY = "vary";
    private static final String COMBINED = "combined";

    /** A cell's place in its design, as read back. */
    public sealed interface Point permits Baseline, Varied, Combined, Fractional {
    }

    /** The one-factor-at-a-time baseline. */
    public record Baseline() implements Point {
    }

    /** One factor off its baseline level. */
    public record Varied(String factor) implements Point {
    }

    /** A named combined configuration. */
    public record Combined(String name) implements Point {
    }

    /** A run of a fractional design: the mask of the factors at their second (high) level. */
    public record Fractional(FractionalDesign design, int high) implements Point {
    }

    private DesignColumn() {
    }

    public static String baseline() {
        return ONE_FACTOR_AT_A_TIME + " " + BASELINE;
    }

    public static String varied(String factor) {
        return ONE_FACTOR_AT_A_TIME + " " + VARY + " " + factor;
    }

    public static String combined(String name) {
        return ONE_FACTOR_AT_A_TIME + " " + COMBINED + " " + name;
    }

    public static String fractional(FractionalDesign design, int high) {
        StringBuilder sb = new StringBuilder(FRACTIONAL_FACTORIAL).append(' ').append(design.text()).append(':');
        for (int i = 0; i < design.factors(); i++) {
            sb.append(' ').append(FractionalDesign.letter(i)).append((high & 1 << i) != 0 ? '+' : '-');
        }
        return sb.toString();
    }

    /** The point a column value names; empty or {@value #FULL_FACTORIAL} is a full factorial's cell (null). */
    public static Point parse(String text) throws DesignException {
        String t = text.trim();
        if (t.isEmpty() || t.equals(FULL_FACTORIAL)) {
            return null;
        }
        String valid = "empty, " + FULL_FACTORIAL + ", '" + baseline() + "', '" + varied("<factor>") + "', '"
                + combined("<name>") + "' or '" + FRACTIONAL_FACTORIAL + " 2^(k-p) <generators>: A- B+ …'";
        if (t.startsWith(ONE_FACTOR_AT_A_TIME + " ")) {
            String rest = t.substring(ONE_FACTOR_AT_A_TIME.length() + 1);
            if (rest.equals(BASELINE)) {
                return new Baseline();
            }
            if (rest.startsWith(VARY + " ") && rest.length() > VARY.length() + 1) {
                return new Varied(rest.substring(VARY.length() + 1));
            }
            if (rest.startsWith(COMBINED + " ") && rest.length() > COMBINED.length() + 1) {
                return new Combined(rest.substring(COMBINED.length() + 1));
            }
        } else if (t.startsWith(FRACTIONAL_FACTORIAL + " ") && t.indexOf(':') > 0) {
            return fractional(t, valid);
        }
        throw new DesignException("'" + text + "' is not a design point", valid);
    }

    private static Point fractional(String t, String valid) throws DesignException {
        String[] head = t.substring(0, t.indexOf(':')).trim().split("\\s+");
        String[] signs = t.substring(t.indexOf(':') + 1).trim().split("\\s+");
        int k = signs.length;
        int high = 0;
        for (int i = 0; i < k; i++) {
            String s = signs[i];
            if (s.length() != 2 || s.charAt(0) != FractionalDesign.letter(Math.min(i, FractionalDesign.MAX_FACTORS - 1))
                    || (s.charAt(1) != '+' && s.charAt(1) != '-')) {
                throw new DesignException("'" + s + "' in '" + t + "' is not the sign of factor "
                        + FractionalDesign.letter(Math.min(i, FractionalDesign.MAX_FACTORS - 1)), valid);
            }
            high |= s.charAt(1) == '+' ? 1 << i : 0;
        }
        List<FractionalDesign.Generator> generators = new ArrayList<>();
        for (int i = 2; i < head.length; i++) {
            generators.add(FractionalDesign.parseGenerator(head[i], k));
        }
        FractionalDesign design = FractionalDesign.of(k, generators);
        if (head.length < 2 || !head[1].equals("2^(" + k + "-" + design.p() + ")")) {
            throw new DesignException("'" + t + "' does not say 2^(" + k + "-" + design.p() + ")", valid);
        }
        return new Fractional(design, high);
    }
}
