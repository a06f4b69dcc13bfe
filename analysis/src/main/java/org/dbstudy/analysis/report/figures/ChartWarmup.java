package org.dbstudy.analysis.report.figures;

import java.awt.image.BufferedImage;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Loads AWT, fonts and JFreeChart (about a second) on another core while the result files are
 * read, so drawing the charts afterwards does not pay for it. Only a latency trick: drawing
 * works the same whether or not this ran.
 */
public final class ChartWarmup {
    private ChartWarmup() {
    }

    public static Thread start() {
        Thread t = new Thread(ChartWarmup::drawOnce, "chart-warmup");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void drawOnce() {
        ChartSaver.headless();
        JFreeChart chart = ChartFactory.createXYLineChart("warm-up", "x", "y", new XYSeriesCollection());
        chart.draw(new BufferedImage(64, 64, BufferedImage.TYPE_INT_RGB).createGraphics(), new java.awt.Rectangle(64, 64));
    }
}
