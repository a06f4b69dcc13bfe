package org.dbstudy.analysis.report;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisSpace;
import org.jfree.chart.block.LengthConstraintType;
import org.jfree.chart.block.RectangleConstraint;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.Size2D;

/**
 * Small multiples on one canvas: a title, notes, a grid of panels (row-major, null = empty slot)
 * and one legend at the bottom. Panels are plotted by the caller with equal axis ranges; here
 * they get equal axis space so their plot areas line up, the y label only in the first column
 * and the x label only under the lowest panel of each column.
 */
public final class PanelGrid implements ChartSaver.Drawing {
    private static final Font TITLE = new Font("SansSerif", Font.BOLD, 15);
    private static final Font NOTE = new Font("SansSerif", Font.PLAIN, 11);
    private static final Font PANEL_TITLE = new Font("SansSerif", Font.BOLD, 11);

    /** One panel: its title and plot. */
    public record Panel(String title, XYPlot plot) {
    }

    private final String title;
    private final List<String> notes;
    private final List<Panel> panels;
    private final int columns;
    private final XYPlot legendSource;

    public PanelGrid(String title, List<String> notes, List<Panel> panels, int columns, XYPlot legendSource) {
        this.title = title;
        this.notes = List.copyOf(notes);
        this.panels = panels;
        this.columns = Math.max(1, columns);
        this.legendSource = legendSource;
    }

    public int rows() {
        return (panels.size() + columns - 1) / columns;
    }

    @Override
    public void draw(Graphics2D g, Rectangle2D area) {
        double x = area.getX();
        double w = area.getWidth();
        double top = area.getY() + 6;
        top += text(g, new TextTitle(title, TITLE), x, top, w);
        for (String note : notes) {
            top += text(g, new TextTitle(note, NOTE), x, top, w);
        }
        double bottom = area.getMaxY();
        if (legendSource != null) {
            LegendTitle legend = new LegendTitle(legendSource);
            legend.setItemFont(NOTE);
            legend.setBackgroundPaint(Color.WHITE);
            Size2D size = legend.arrange(g, widthOnly(w));
            bottom -= size.height + 4;
            legend.draw(g, new Rectangle2D.Double(x, bottom, w, size.height));
        }
        int rows = rows();
        double cellW = w / columns;
        double cellH = (bottom - top) / Math.max(1, rows);
        for (int i = 0; i < panels.size(); i++) {
            Panel p = panels.get(i);
            if (p == null) {
                continue;
            }
            int row = i / columns;
            int col = i % columns;
            boolean lowestInColumn = i + columns >= panels.size() || panels.get(i + columns) == null;
            prepare(p.plot(), col == 0, col == columns - 1 || i == panels.size() - 1, lowestInColumn);
            JFreeChart chart = new JFreeChart(p.title(), PANEL_TITLE, p.plot(), false);
            chart.setBackgroundPaint(Color.WHITE);
            chart.setPadding(new RectangleInsets(2, 2, 2, 6));
            chart.draw(g, new Rectangle2D.Double(x + col * cellW, top + row * cellH, cellW, cellH));
        }
    }

    /**
     * Same axis space in every panel so plot areas align; labels only at the figure's edges. A panel of
     * plots stacked over one x axis ({@link CombinedDomainXYPlot}) gets this for each of its plots.
     */
    private static void prepare(XYPlot plot, boolean firstColumn, boolean lastColumn, boolean lowest) {
        List<XYPlot> stacked = plot instanceof CombinedDomainXYPlot combined ? combined.getSubplots() : List.of(plot);
        boolean rightAxis = false;
        for (XYPlot p : stacked) {
            if (!firstColumn) {
                p.getRangeAxis(0).setLabel(null);
            }
            boolean right = p.getRangeAxisCount() > 1 && p.getRangeAxis(1) != null;
            if (right && !lastColumn) {
                p.getRangeAxis(1).setLabel(null);
            }
            rightAxis |= right;
        }
        if (!lowest) {
            plot.getDomainAxis().setLabel(null);
        }
        AxisSpace range = new AxisSpace();
        range.setLeft(64);
        if (rightAxis) {
            range.setRight(56);
        }
        // A combined plot hands its fixed space to every stacked plot, so their areas line up too.
        plot.setFixedRangeAxisSpace(range);
        AxisSpace domain = new AxisSpace();
        domain.setBottom(40);
        plot.setFixedDomainAxisSpace(domain);
    }

    private static double text(Graphics2D g, TextTitle t, double x, double top, double w) {
        Size2D size = t.arrange(g, widthOnly(w));
        t.draw(g, new Rectangle2D.Double(x, top, w, size.height));
        return size.height + 2;
    }

    private static RectangleConstraint widthOnly(double w) {
        return new RectangleConstraint(w, null, LengthConstraintType.FIXED, 0, null, LengthConstraintType.NONE);
    }
}
