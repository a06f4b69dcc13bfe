package org.dbstudy.analysis.report.format;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Number formatting for everything written: always {@link Locale#ROOT}; NaN becomes an empty field.
 * Files for machines use {@link #exact}; the rounding helpers are for the HTML page only.
 */
public final class Fmt {
    /** Plain notation between these magnitudes, as Python's repr: beyond them it gets long. */
    private static final double PLAIN_MIN = 1e-4;
    private static final double PLAIN_MAX = 1e16;

    private Fmt() {
    }

    /**
     * The shortest decimal that {@link Double#parseDouble} reads back to exactly {@code x} (as
     * {@link Double#toString} promises, but without its extra digits on Java 17): whole numbers
     * without a decimal point, plain notation from 1e-4 to below 1e16, otherwise {@code 4.2088E-57}.
     * NaN is an empty field, infinities {@code inf} and {@code -inf}. Independent of the locale.
     */
    public static String exact(double x) {
        String special = wholeOrSpecial(x);
        if (special != null) {
            return special;
        }
        BigDecimal exact = new BigDecimal(x);
        BigDecimal shortest = exact;
        for (int digits = 1; digits <= 17; digits++) {
            BigDecimal rounded = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
            if (rounded.doubleValue() == x) {
                shortest = rounded;
                break;
            }
        }
        shortest = shortest.stripTrailingZeros();
        double magnitude = Math.abs(x);
        if (magnitude >= PLAIN_MIN && magnitude < PLAIN_MAX) {
            return shortest.toPlainString();
        }
        // BigDecimal writes 4.2E-57 or 4.2E+20; Double.parseDouble reads both, R and Python too.
        return shortest.toString();
    }

    /** Whole numbers without decimals, others with {@code decimals}. */
    public static String num(double x, int decimals) {
        String special = wholeOrSpecial(x);
        return special != null ? special : String.format(Locale.ROOT, "%." + decimals + "f", x);
    }

    /** "" for NaN, {@code inf}/{@code -inf}, a whole number without decimals; null for any other value. */
    private static String wholeOrSpecial(double x) {
        if (Double.isNaN(x)) {
            return "";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "inf" : "-inf";
        }
        if (x == Math.rint(x) && Math.abs(x) < 1e15) {
            return Long.toString((long) x);
        }
        return null;
    }

    public static String num(long x) {
        return Long.toString(x);
    }

    /** A p-value for prose: 0.003, or 2.1e-22. */
    public static String p(double p) {
        return p >= 1e-3 ? String.format(Locale.ROOT, "%.3f", p) : String.format(Locale.ROOT, "%.1e", p);
    }

    /**
     * A p-value printed honestly against {@code alpha}: with as many digits as it takes for the printed
     * value to fall on the same side of alpha as the exact one, and never to read as alpha itself
     * (0.04996 is "0.04996", not "0.050"; 0.0504 is "0.0504"). Small ones in scientific notation.
     */
    public static String p(double p, double alpha) {
        if (Double.isNaN(p)) {
            return "";
        }
        if (p < 1e-3) {
            return String.format(Locale.ROOT, "%.1e", p);
        }
        for (int decimals = 3; decimals <= 12; decimals++) {
            String s = String.format(Locale.ROOT, "%." + decimals + "f", p);
            double shown = Double.parseDouble(s);
            if ((shown < alpha) == (p < alpha) && (shown != alpha || p == alpha)) {
                return s;
            }
        }
        return exact(p);
    }
}
