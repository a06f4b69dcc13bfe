package org.dbstudy.analysis.report.figures;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.AffineTransform;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisSpace;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.block.LengthConstraintType;
import org.jfree.chart.block.RectangleConstraint;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.Size2D;
import org.jfree.data.Range;

/**
 * Small multiples on one canvas: a title, a grid of panels (row-major, null = empty slot) and one
 * legend (bottom, top, right or none). Everything is measured before it is drawn, so no text is cut
 * at any size: the y axis titles of plain panels go into a gutter at the left of each row (and the
 * right axis's into one at the right), set smaller or on two lines when the row is short; every
 * panel reserves the widest tick labels of any panel, so plot areas line up; the x title is drawn
 * only under the lowest panel of each column. Panels of plots stacked over one x axis
 * ({@link CombinedDomainXYPlot}) keep their own (short) axis titles in the outer columns.
 */
public final class PanelGrid implements ChartSaver.Drawing {
    private static final double GUTTER_PAD = 4;

    /** One panel: its title and plot. */
    public record Panel(String title, XYPlot plot) {
    }

    private final String title;
    private final List<Panel> panels;
    private final int columns;
    private final XYPlot legendSource;
    private final FigureStyle style;
    /** Per row, the y titles taken off the panels' axes for the gutters (left, right); taken once, as drawing runs per format. */
    private final List<String> leftTitles = new ArrayList<>();
    private final List<String> rightTitles = new ArrayList<>();

    public PanelGrid(String title, List<Panel> panels, int columns, XYPlot legendSource, FigureStyle style) {
        this.title = style.title() != null ? style.title() : title;
        this.panels = panels;
        this.columns = Math.max(1, columns);
        this.legendSource = style.legend() == FigureStyle.Legend.NONE ? null : legendSource;
        this.style = style;
        for (int r = 0; r < rows(); r++) {
            leftTitles.add(rowTitle(r, 0));
            rightTitles.add(rowTitle(r, 1));
        }
    }

    public int rows() {
        return (panels.size() + columns - 1) / columns;
    }

    @Override
    public void draw(Graphics2D g, Rectangle2D area) {
        double x = area.getX();
        double w = area.getWidth();
        double top = area.getY() + 4;
        double bottom = area.getMaxY() - 2;
        double right = area.getMaxX();
        if (!title.isEmpty()) {
            TextTitle t = new TextTitle(wrap(g, style.titleFont(), title, w - 32), style.titleFont());
            Size2D size = t.arrange(g, widthOnly(w - 8));
            t.draw(g, new Rectangle2D.Double(x + 4, top, w - 8, size.height));
            top += size.height + 4;
        }
        if (legendSource != null) {
            LegendTitle legend = new LegendTitle(legendSource);
            legend.setItemFont(style.tickFont());
            legend.setBackgroundPaint(Color.WHITE);
            legend.setItemLabelPadding(new RectangleInsets(2, 3, 2, 8));
            switch (style.legend()) {
                case RIGHT -> {
                    legend.setPosition(RectangleEdge.RIGHT);
                    Size2D size = legend.arrange(g, new RectangleConstraint(0, new Range(0, w / 3), LengthConstraintType.RANGE,
                            0, new Range(0, bottom - top), LengthConstraintType.RANGE));
                    right -= size.width + 4;
                    legend.draw(g, new Rectangle2D.Double(right + 2, top + (bottom - top - size.height) / 2, size.width,
                            size.height));
                }
                case TOP -> {
                    legend.setPosition(RectangleEdge.TOP);
                    Size2D size = legend.arrange(g, widthOnly(w - 8));
                    legend.draw(g, new Rectangle2D.Double(x + 4, top, w - 8, size.height));
                    top += size.height + 4;
                }
                default -> {
                    Size2D size = legend.arrange(g, widthOnly(w - 8));
                    bottom -= size.height + 2;
                    legend.draw(g, new Rectangle2D.Double(x + 4, bottom, w - 8, size.height));
                    bottom -= 2;
                }
            }
        }
        int rows = rows();
        double rowH = (bottom - top) / Math.max(1, rows);
        Gutter left = Gutter.of(g, leftTitles, rowH, style);
        Gutter rightGutter = Gutter.of(g, rightTitles, rowH, style);
        double gridX = x + left.width;
        double cellW = (right - rightGutter.width - gridX) / columns;
        prepare(g, cellW, rowH);
        for (int i = 0; i < panels.size(); i++) {
            Panel p = panels.get(i);
            if (p == null) {
                continue;
            }
            int row = i / columns;
            int col = i % columns;
            JFreeChart chart = new JFreeChart(p.title(), style.panelTitleFont(), p.plot(), false);
            chart.setBackgroundPaint(Color.WHITE);
            chart.setPadding(new RectangleInsets(2, 2, 2, 4));
            chart.setTextAntiAlias(true);
            chart.draw(g, new Rectangle2D.Double(gridX + col * cellW, top + row * rowH, cellW, rowH));
        }
        for (int r = 0; r < rows; r++) {
            left.draw(g, r, x, top + r * rowH, rowH, false);
            rightGutter.draw(g, r, right - rightGutter.width, top + r * rowH, rowH, true);
        }
    }

    /**
     * The y title of a row for a gutter ({@code axis} 0 left, 1 right): the plain panels' axis
     * title, taken off their axes; null when the row's panels are stacked plots or have none.
     */
    private String rowTitle(int row, int axis) {
        String found = null;
        for (int c = 0; c < columns; c++) {
            int i = row * columns + c;
            if (i >= panels.size() || panels.get(i) == null || panels.get(i).plot() instanceof CombinedDomainXYPlot) {
                continue;
            }
            XYPlot plot = panels.get(i).plot();
            ValueAxis a = axis < plot.getRangeAxisCount() ? plot.getRangeAxis(axis) : null;
            if (a != null && a.getLabel() != null) {
                found = found == null ? a.getLabel() : found;
                a.setLabel(null);
            }
        }
        return found;
    }

    /**
     * Same axis space in every panel, from the widest tick labels of any: plot areas line up. Stacked
     * plots keep titles only in the outer columns; the x title stays only under each column's lowest panel.
     */
    private void prepare(Graphics2D g, double cellW, double cellH) {
        double leftSpace = 0;
        double rightSpace = 0;
        Rectangle2D cell = new Rectangle2D.Double(0, 0, cellW, cellH);
        for (int i = 0; i < panels.size(); i++) {
            Panel p = panels.get(i);
            if (p == null) {
                continue;
            }
            int col = i % columns;
            boolean lastColumn = col == columns - 1 || i == panels.size() - 1;
            boolean lowest = i + columns >= panels.size() || panels.get(i + columns) == null;
            if (!lowest) {
                p.plot().getDomainAxis().setLabel(null);
            }
            for (XYPlot sub : stacked(p.plot())) {
                if (col != 0) {
                    sub.getRangeAxis(0).setLabel(null);
                }
                ValueAxis second = sub.getRangeAxisCount() > 1 ? sub.getRangeAxis(1) : null;
                if (second != null && !lastColumn) {
                    second.setLabel(null);
                }
                leftSpace = Math.max(leftSpace, sub.getRangeAxis(0).reserveSpace(g, sub, cell, RectangleEdge.LEFT,
                        new AxisSpace()).getLeft());
                if (second != null) {
                    rightSpace = Math.max(rightSpace, second.reserveSpace(g, sub, cell, RectangleEdge.RIGHT,
                            new AxisSpace()).getRight());
                }
            }
        }
        for (int row = 0; row < rows(); row++) {
            double bottomSpace = 0;
            for (int c = 0; c < columns; c++) {
                int i = row * columns + c;
                if (i < panels.size() && panels.get(i) != null) {
                    XYPlot plot = panels.get(i).plot();
                    bottomSpace = Math.max(bottomSpace, plot.getDomainAxis().reserveSpace(g, plot, cell, RectangleEdge.BOTTOM,
                            new AxisSpace()).getBottom());
                }
            }
            for (int c = 0; c < columns; c++) {
                int i = row * columns + c;
                if (i < panels.size() && panels.get(i) != null) {
                    AxisSpace range = new AxisSpace();
                    range.setLeft(leftSpace + 2);
                    range.setRight(rightSpace > 0 ? rightSpace + 2 : 4);
                    // A combined plot hands its fixed space to every stacked plot, so their areas line up too.
                    panels.get(i).plot().setFixedRangeAxisSpace(range);
                    AxisSpace domain = new AxisSpace();
                    domain.setBottom(bottomSpace + 2);
                    panels.get(i).plot().setFixedDomainAxisSpace(domain);
                }
            }
        }
    }

    /**
     * The text in lines of at most {@code width} (measured, not estimated, so JFreeChart need not wrap
     * again), broken at spaces; a word longer than the width stays whole on its own line.
     */
    static String wrap(Graphics2D g, Font font, String text, double width) {
        FontMetrics m = g.getFontMetrics(font);
        StringBuilder out = new StringBuilder();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            String longer = line.length() == 0 ? word : line + " " + word;
            if (line.length() > 0 && m.getStringBounds(longer, g).getWidth() > width) {
                out.append(line).append('\n');
                line = new StringBuilder(word);
            } else {
                line = new StringBuilder(longer);
            }
        }
        return out.append(line).toString();
    }

    private static List<XYPlot> stacked(XYPlot plot) {
        return plot instanceof CombinedDomainXYPlot combined ? combined.getSubplots() : List.of(plot);
    }

    private static RectangleConstraint widthOnly(double w) {
        return new RectangleConstraint(w, null, LengthConstraintType.FIXED, 0, null, LengthConstraintType.NONE);
    }

    /**
     * A column of rotated axis titles, one per row: at the label font when the title fits the row's
     * height, else down to 3/4 of it, else on two lines.
     */
    private record Gutter(List<String[]> lines, Font font, double lineHeight, double width) {
        static Gutter of(Graphics2D g, List<String> titles, double rowH, FigureStyle style) {
            if (titles.stream().allMatch(t -> t == null || t.isEmpty())) {
                return new Gutter(List.of(), style.labelFont(), 0, 0);
            }
            double room = rowH * 0.92;
            Font font = style.labelFont();
            for (float size = font.getSize2D(); size >= font.getSize2D() * 0.75f; size -= 0.5f) {
                Font f = font.deriveFont(size);
                if (titles.stream().allMatch(t -> t == null || width(g, f, t) <= room)) {
                    font = f;
                    return make(g, titles.stream().map(t -> t == null ? null : new String[] {t}).toList(), font);
                }
            }
            Font smaller = font.deriveFont(font.getSize2D() * 0.75f);
            List<String[]> split = new ArrayList<>();
            for (String t : titles) {
                split.add(t == null ? null : width(g, smaller, t) <= room ? new String[] {t} : twoLines(t));
            }
            return make(g, split, smaller);
        }

        private static Gutter make(Graphics2D g, List<String[]> lines, Font font) {
            FontMetrics m = g.getFontMetrics(font);
            int most = lines.stream().mapToInt(l -> l == null ? 0 : l.length).max().orElse(0);
            double lineHeight = m.getAscent() + m.getDescent();
            return new Gutter(lines, font, lineHeight, most * lineHeight + 2 * GUTTER_PAD);
        }

        private static double width(Graphics2D g, Font f, String t) {
            return g.getFontMetrics(f).getStringBounds(t, g).getWidth();
        }

        /** Split at the space nearest the middle (or, at a comma: "mean (ms), successful"). */
        private static String[] twoLines(String t) {
            int mid = t.length() / 2;
            int best = -1;
            for (int i = 0; i < t.length(); i++) {
                if (t.charAt(i) == ' ' && (best < 0 || Math.abs(i - mid) < Math.abs(best - mid))) {
                    best = i;
                }
            }
            return best < 0 ? new String[] {t} : new String[] {t.substring(0, best), t.substring(best + 1)};
        }

        void draw(Graphics2D g, int row, double x, double top, double rowH, boolean rightSide) {
            if (row >= lines.size() || lines.get(row) == null) {
                return;
            }
            String[] text = lines.get(row);
            Font old = g.getFont();
            AffineTransform saved = g.getTransform();
            g.setFont(font);
            g.setColor(Color.DARK_GRAY);
            FontMetrics m = g.getFontMetrics();
            double cy = top + rowH / 2;
            for (int i = 0; i < text.length; i++) {
                double tw = m.getStringBounds(text[i], g).getWidth();
                // Reading upwards on the left, downwards on the right (as the axes' own titles would).
                double baseline = x + GUTTER_PAD + m.getAscent() + i * lineHeight;
                g.setTransform(saved);
                if (rightSide) {
                    g.translate(x + GUTTER_PAD + m.getDescent() + (text.length - 1 - i) * lineHeight, cy - tw / 2);
                    g.rotate(Math.PI / 2);
                } else {
                    g.translate(baseline, cy + tw / 2);
                    g.rotate(-Math.PI / 2);
                }
                g.drawString(text[i], 0f, 0f);
            }
            g.setTransform(saved);
            g.setFont(old);
        }
    }
}
