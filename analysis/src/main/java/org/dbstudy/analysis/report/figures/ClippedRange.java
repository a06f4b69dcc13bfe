package org.dbstudy.analysis.report.figures;

import java.util.List;
import org.jfree.data.Range;

/**
 * A y axis for points with error bars, set by the points and the bars that stay within {@link #CUT_ABOVE}
 * times the largest point: a bar reaching higher is cut at the axis' top, and the figure's caption says how
 * many and how high they went ({@link #note}). One between-runs interval of 2.8–3014 ms (two runs, one of them
 * slow) otherwise set the axis of every point, and the others lay flat along its bottom. Only the drawing is
 * cut: the CSV files keep every interval in full.
 *
 * @param range      the axis range ({@link Axes#valueRange} over what is kept)
 * @param cut        error bars whose upper end lies above the range
 * @param highestCut the highest of those ends (NaN when none)
 */
public record ClippedRange(Range range, int cut, double highestCut) {
    /** An upper interval end above this many times the largest point is cut at the axis. */
    public static final double CUT_ABOVE = 3;

    /**
     * @param points one {@code {value, low, high}} per point drawn; low and high NaN when it has no interval, low
     *               already raised to the floor drawn (0 for response times)
     * @param cutting false to keep every bar whole (a ratio's or an improvement's axis)
     */
    public static ClippedRange of(List<double[]> points, boolean cutting) {
        double largest = points.stream().mapToDouble(p -> p[0]).filter(Double::isFinite).max().orElse(Double.NaN);
        double limit = cutting && largest > 0 ? CUT_ABOVE * largest : Double.POSITIVE_INFINITY;
        double min = Double.NaN;
        double max = Double.NaN;
        int cut = 0;
        double highestCut = Double.NaN;
        for (double[] p : points) {
            if (!Double.isFinite(p[0])) {
                continue;
            }
            double lo = Double.isFinite(p[1]) ? Math.min(p[0], p[1]) : p[0];
            double hi = p[0];
            if (Double.isFinite(p[2]) && p[2] > limit) {
                cut++;
                highestCut = Double.isNaN(highestCut) ? p[2] : Math.max(highestCut, p[2]);
            } else if (Double.isFinite(p[2])) {
                hi = Math.max(hi, p[2]);
            }
            min = Double.isNaN(min) ? lo : Math.min(min, lo);
            max = Double.isNaN(max) ? hi : Math.max(max, hi);
        }
        return new ClippedRange(Axes.valueRange(min, max), cut, highestCut);
    }

    /** The caption's sentence for {@code cut} bars cut at most as high as {@code highest}; "" for none. */
    public static String note(int cut, double highest, String unit) {
        if (cut == 0) {
            return "";
        }
        return (cut == 1 ? "One error bar reaches" : cut + " error bars reach") + " above the y axis (to "
                + org.dbstudy.analysis.report.format.Fmt.num(highest, 0) + unit + ") and " + (cut == 1 ? "is" : "are")
                + " cut at its top, more than " + org.dbstudy.analysis.report.format.Fmt.num(CUT_ABOVE, 0)
                + " times the largest point, so as not to flatten the rest; the CSV files have every interval in full.";
    }
}
