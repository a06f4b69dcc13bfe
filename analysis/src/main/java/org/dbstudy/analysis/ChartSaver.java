package org.dbstudy.analysis;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Shape;
import java.io.IOException;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;

/** Gives charts one look (white background, grey grid, thick lines) and writes them as PNG files. */
final class ChartSaver {
    static final int WIDTH = 900;
    static final int HEIGHT = 520;

    private final Path dir;
    private final List<ChartFile> written = new ArrayList<>();

    ChartSaver(Path dir) {
        this.dir = dir;
        headless();
    }

    /** Charts are drawn off-screen; without this a server with no display would fail. */
    static void headless() {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    void save(JFreeChart chart, String fileName, String caption, String section) throws IOException {
        save(chart, fileName, caption, section, HEIGHT);
    }

    void save(JFreeChart chart, String fileName, String caption, String section, int height) throws IOException {
        chart.setBackgroundPaint(Color.WHITE);
        Plot plot = chart.getPlot();
        style(plot);
        if (plot instanceof CombinedDomainXYPlot combined) {
            combined.getSubplots().forEach(ChartSaver::style);
        }
        ChartUtils.saveChartAsPNG(dir.resolve(fileName).toFile(), chart, WIDTH, height);
        written.add(new ChartFile(fileName, caption, section));
    }

    /** Distinguishable colours, reused in the same order by every plot of a chart. */
    static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f), new Color(0xbcbd22),
        new Color(0x17becf)};

    /** Shapes in a fixed order too, so a series looks the same in stacked plots. */
    private static final Shape[] SHAPES = DefaultDrawingSupplier.createStandardSeriesShapes();

    static void style(Plot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        if (plot instanceof XYPlot xy) {
            rootLocale(xy.getDomainAxis());
            for (int i = 0; i < xy.getRangeAxisCount(); i++) {
                rootLocale(xy.getRangeAxis(i));
            }
            xy.setDomainGridlinePaint(Color.LIGHT_GRAY);
            xy.setRangeGridlinePaint(Color.LIGHT_GRAY);
            for (int i = 0; i < xy.getRendererCount(); i++) {
                XYItemRenderer r = xy.getRenderer(i);
                if (r == null) {
                    continue; // a combined plot draws through its subplots, styled when they were built
                }
                for (int series = 0; series < 64; series++) {
                    r.setSeriesPaint(series, PALETTE[(series + 3 * i) % PALETTE.length]);
                    r.setSeriesShape(series, SHAPES[(series + 3 * i) % SHAPES.length]);
                }
                if (r instanceof XYLineAndShapeRenderer lines) {
                    lines.setAutoPopulateSeriesStroke(false);
                    lines.setDefaultStroke(new BasicStroke(2f));
                }
            }
        }
    }

    /** Tick labels as every other number we write: Locale.ROOT, no grouping (1100, not 1,100 or 1.100). */
    private static void rootLocale(ValueAxis axis) {
        if (axis instanceof NumberAxis numbers) {
            numbers.setNumberFormatOverride(new DecimalFormat("0.###", DecimalFormatSymbols.getInstance(Locale.ROOT)));
        }
    }

    List<ChartFile> written() {
        return written;
    }
}
