package org.dbstudy.analysis;

import java.util.Locale;

/** Number formatting for everything written: always {@link Locale#ROOT}; NaN becomes an empty field. */
final class Fmt {
    private Fmt() {
    }

    /** Whole numbers without decimals, others with {@code decimals}. */
    static String num(double x, int decimals) {
        if (Double.isNaN(x)) {
            return "";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "inf" : "-inf";
        }
        if (x == Math.rint(x) && Math.abs(x) < 1e15) {
            return Long.toString((long) x);
        }
        return String.format(Locale.ROOT, "%." + decimals + "f", x);
    }

    static String num(long x) {
        return Long.toString(x);
    }

    /** Four significant digits, scientific when small: p-values and test statistics. */
    static String sig(double x) {
        if (Double.isNaN(x)) {
            return "";
        }
        if (x == 0 || Math.abs(x) >= 1e-3 && Math.abs(x) < 1e6) {
            return String.format(Locale.ROOT, "%.4g", x).replaceAll("(\\.\\d*?)0+$", "$1").replaceAll("\\.$", "");
        }
        return String.format(Locale.ROOT, "%.3e", x);
    }

    /** A p-value for prose: 0.003, or 2.1e-22. */
    static String p(double p) {
        return p >= 1e-3 ? String.format(Locale.ROOT, "%.3f", p) : String.format(Locale.ROOT, "%.1e", p);
    }
}
