package org.dbstudy.analysis.report.figures;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.dbstudy.analysis.report.format.Fmt;

/**
 * Ticks at a factor's levels (users 5, 10, 20 … rather than 6, 8, 10 …). Every level gets a tick
 * mark; its label is left out only where it would come closer than a character's width to the
 * label before it, and the last level's label always stays (dropping the one before instead).
 * Labels read as the levels are written (0.1, 1, 2). Vertical axes tick as JFreeChart chooses.
 */
final class LevelTicks {
    private LevelTicks() {
    }

    /** A linear axis ticked at the levels. */
    static final class Linear extends NumberAxis {
        private static final long serialVersionUID = 1L;
        private final List<Double> levels;
        private final NumberFormat format;

        Linear(String label, List<Double> levels, NumberFormat format) {
            super(label);
            this.levels = List.copyOf(levels);
            this.format = format;
        }

        @Override
        public List<ValueTick> refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
            if (!RectangleEdge.isTopOrBottom(edge) || levels.isEmpty()) {
                @SuppressWarnings("unchecked") // JFreeChart's API returns a raw List of ticks
                List<ValueTick> ticks = super.refreshTicks(g2, state, dataArea, edge);
                return ticks;
            }
            return ticks(this, levels, format, g2, dataArea, edge);
        }
    }

    /** A logarithmic axis ticked at the levels. */
    static final class Log extends LogAxis {
        private static final long serialVersionUID = 1L;
        private final List<Double> levels;
        private final NumberFormat format;

        Log(String label, List<Double> levels, NumberFormat format) {
            super(label);
            this.levels = List.copyOf(levels);
            this.format = format;
        }

        @Override
        public List<ValueTick> refreshTicks(Graphics2D g2, AxisState state, Rectangle2D dataArea, RectangleEdge edge) {
            if (!RectangleEdge.isTopOrBottom(edge) || levels.isEmpty()) {
                @SuppressWarnings("unchecked") // JFreeChart's API returns a raw List of ticks
                List<ValueTick> ticks = super.refreshTicks(g2, state, dataArea, edge);
                return ticks;
            }
            return ticks(this, levels, format, g2, dataArea, edge);
        }
    }

    static List<ValueTick> ticks(ValueAxis axis, List<Double> levels, NumberFormat format, Graphics2D g2,
            Rectangle2D dataArea, RectangleEdge edge) {
        g2.setFont(axis.getTickLabelFont());
        double gap = g2.getFontMetrics().charWidth('0');
        int n = levels.size();
        String[] text = new String[n];
        double[] left = new double[n];
        double[] right = new double[n];
        for (int i = 0; i < n; i++) {
            text[i] = Fmt.exact(levels.get(i)); // as the level is written: 0.1, 1, 2
            double x = axis.valueToJava2D(levels.get(i), dataArea, edge);
            double w = g2.getFontMetrics().getStringBounds(text[i], g2).getWidth();
            left[i] = x - w / 2;
            right[i] = x + w / 2;
        }
        boolean[] shown = new boolean[n];
        double end = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            if (left[i] >= end + gap) {
                shown[i] = true;
                end = right[i];
            }
        }
        if (n > 1 && !shown[n - 1]) {
            shown[n - 1] = true;
            for (int i = n - 2; i >= 0 && right[i] + gap > left[n - 1]; i--) {
                shown[i] = false;
            }
        }
        boolean top = edge == RectangleEdge.TOP;
        List<ValueTick> ticks = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            ticks.add(new NumberTick(levels.get(i), shown[i] ? text[i] : "",
                    top ? TextAnchor.BOTTOM_CENTER : TextAnchor.TOP_CENTER, TextAnchor.CENTER, 0.0));
        }
        return ticks;
    }
}
