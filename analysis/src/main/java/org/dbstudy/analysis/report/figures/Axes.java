package org.dbstudy.analysis.report.figures;

import java.math.BigDecimal;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.TickUnits;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.data.Range;
import org.dbstudy.analysis.report.format.Fmt;

/**
 * Axes a reader can trust: ticks in whole units for counts (users, rows), tick labels with as
 * many decimals as the tick size needs (never "0 0 0"), no "-0", Locale.ROOT without grouping,
 * and ranges that make sense for one point or all zeros (never "5 5 5 5").
 */
public final class Axes {
    private static final TickUnits DECIMAL = tickUnits(false);
    private static final TickUnits INTEGER = tickUnits(true);

    private Axes() {
    }

    /**
     * The x axis for a factor's numeric levels, ticked at the levels themselves (a label dropped only
     * where it would touch its neighbour): logarithmic when the levels span a wide range (each
     * doubling the one before from 32-fold, or 50-fold and more: S2's users 4 … 1024), else linear.
     */
    public static ValueAxis forLevels(String label, List<Double> levels) {
        return forLevels(label, levels, null);
    }

    /** @param log true or false to force, null to choose by the levels' span */
    public static ValueAxis forLevels(String label, List<Double> levels, Boolean log) {
        List<Double> sorted = levels.stream().filter(v -> !Double.isNaN(v)).distinct().sorted().toList();
        double min = sorted.isEmpty() ? Double.NaN : sorted.get(0);
        double max = sorted.isEmpty() ? Double.NaN : sorted.get(sorted.size() - 1);
        boolean whole = sorted.stream().allMatch(v -> v == Math.rint(v));
        TickFormat format = new TickFormat(whole ? 0 : decimals(sorted));
        boolean wide = min > 0 && (doubling(sorted) && max / min >= 32 || max / min >= 50);
        if (min > 0 && (log == null ? wide : log)) {
            LevelTicks.Log axis = new LevelTicks.Log(label, sorted, format);
            axis.setBase(doubling(sorted) ? 2 : 10);
            axis.setSmallestValue(min / 2);
            axis.setNumberFormatOverride(format);
            axis.setRange(min / 1.25, max * 1.25);
            axis.setMinorTickMarksVisible(false);
            return axis;
        }
        LevelTicks.Linear axis = new LevelTicks.Linear(label, sorted, format);
        axis.setStandardTickUnits(whole ? INTEGER : DECIMAL);
        axis.setAutoRangeIncludesZero(false);
        axis.setRange(levelRange(min, max, whole));
        return axis;
    }

    /** Decimals that print every level exactly (0.1 → 1, 0.25 → 2), at most 6. */
    private static int decimals(List<Double> levels) {
        int d = 0;
        for (double v : levels) {
            d = Math.max(d, Math.max(0, new BigDecimal(Double.toString(v)).stripTrailingZeros().scale()));
        }
        return Math.min(6, d);
    }

    /** Four or more levels, each twice the one before (4, 8, 16 ...). */
    private static boolean doubling(List<Double> sorted) {
        if (sorted.size() < 4 || sorted.get(0) <= 0) {
            return false;
        }
        for (int i = 1; i < sorted.size(); i++) {
            if (Math.abs(sorted.get(i) / sorted.get(i - 1) - 2) > 0.01) {
                return false;
            }
        }
        return true;
    }

    /** A logarithmic value axis (response times over decades) with 1-2-5 ticks; values must be > 0. */
    public static LogAxis logValues(String label, double min, double max) {
        LogAxis axis = new LogAxis(label);
        axis.setBase(10);
        double lo = min > 0 ? min / 1.3 : 0.1;
        double hi = max > lo ? max * 1.3 : lo * 10;
        axis.setSmallestValue(lo);
        axis.setRange(lo, hi);
        // A tick per power of ten (0.01, 0.1, 1, 10 …), each printed as it reads.
        axis.setTickUnit(new NumberTickUnit(1), false, false);
        axis.setAutoTickUnitSelection(false);
        axis.setNumberFormatOverride(new ShortFormat());
        axis.setMinorTickMarksVisible(true);
        return axis;
    }

    /** A value axis (no auto range: callers share one range over panels). */
    public static NumberAxis number(String label, boolean whole) {
        NumberAxis axis = new NumberAxis(label);
        axis.setStandardTickUnits(whole ? INTEGER : DECIMAL);
        axis.setAutoRangeIncludesZero(false);
        return axis;
    }

    /** The span of levels with a margin; one level gets a span around it. */
    public static Range levelRange(double min, double max, boolean whole) {
        if (Double.isNaN(min)) {
            return new Range(0, 1);
        }
        if (min == max) {
            double half = whole ? 1 : min == 0 ? 1 : Math.abs(min) / 2;
            return new Range(min - half, max + half);
        }
        double margin = (max - min) * 0.05;
        return new Range(min - margin, max + margin);
    }

    /**
     * A y range over all values shown (interval ends included): from zero for non-negative values
     * (response times, rates, shares), 8 % headroom, 0–1 when everything is zero or missing.
     */
    public static Range valueRange(double min, double max) {
        if (Double.isNaN(min) || Double.isNaN(max)) {
            return new Range(0, 1);
        }
        if (min >= 0) {
            return new Range(0, max > 0 ? max * 1.08 : 1);
        }
        double pad = max > min ? (max - min) * 0.08 : Math.abs(min) / 2;
        return new Range(min - pad, max + pad);
    }

    /** A percentage axis range: 0–1 % when there is (almost) nothing, never beyond 100 % plus headroom. */
    public static Range percentRange(double max) {
        if (Double.isNaN(max) || max < 0.93) {
            return new Range(0, 1);
        }
        return new Range(0, Math.min(105, max * 1.08));
    }

    /** Our tick units (Locale.ROOT, no "-0", enough decimals) on an axis built elsewhere. */
    public static void rootLocale(ValueAxis axis) {
        if (axis instanceof NumberAxis numbers && numbers.getStandardTickUnits() != INTEGER) {
            numbers.setStandardTickUnits(DECIMAL);
        }
    }

    /** Tick sizes 1, 2, 2.5 and 5 times a power of ten, each with the decimals it needs. */
    private static TickUnits tickUnits(boolean whole) {
        TickUnits units = new TickUnits();
        for (int exponent = whole ? 0 : -6; exponent <= 9; exponent++) {
            for (String mantissa : new String[] {"1", "2", "2.5", "5"}) {
                BigDecimal size = new BigDecimal(mantissa).scaleByPowerOfTen(exponent);
                if (whole && size.stripTrailingZeros().scale() > 0) {
                    continue;
                }
                units.add(new NumberTickUnit(size.doubleValue(), new TickFormat(Math.max(0, size.stripTrailingZeros().scale()))));
            }
        }
        return units;
    }

    /** Six significant digits at most, trailing zeros dropped, plain notation: 0.001, 1, 1000. */
    static final class ShortFormat extends NumberFormat {
        private static final long serialVersionUID = 1L;

        @Override
        public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
            if (!Double.isFinite(number) || number == 0) {
                return to.append(number == 0 ? "0" : Fmt.exact(number));
            }
            return to.append(new BigDecimal(number).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString());
        }

        @Override
        public StringBuffer format(long number, StringBuffer to, FieldPosition pos) {
            return to.append(number);
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            return Double.valueOf(source.substring(pos.getIndex()));
        }
    }

    /**
     * A fixed number of decimals, Locale.ROOT, no grouping, and "0" where rounding would print "-0".
     * Shared by every axis (the static tick units) and figures are drawn on several threads, while a
     * DecimalFormat is not thread-safe: each use holds its lock.
     */
    public static final class TickFormat extends NumberFormat {
        private static final long serialVersionUID = 1L;
        private final DecimalFormat format;

        public TickFormat(int decimals) {
            format = new DecimalFormat(decimals == 0 ? "0" : "0." + "0".repeat(decimals),
                    DecimalFormatSymbols.getInstance(Locale.ROOT));
        }

        @Override
        public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
            String s;
            synchronized (format) {
                s = format.format(number);
            }
            return to.append(s.startsWith("-") && s.matches("-0(\\.0*)?") ? s.substring(1) : s);
        }

        @Override
        public StringBuffer format(long number, StringBuffer to, FieldPosition pos) {
            return format((double) number, to, pos);
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            synchronized (format) {
                return format.parse(source, pos);
            }
        }
    }
}
