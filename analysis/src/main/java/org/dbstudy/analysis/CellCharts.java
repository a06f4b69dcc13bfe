package org.dbstudy.analysis;

import java.io.IOException;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Charts per cell, bounded for large studies: response time, throughput and errors over time
 * (per-second bins, {@link #PER_CHART} cells per chart, at most {@link #MAX_CELLS} cells) and
 * the response-time distribution (frequency polygons over the first cells).
 */
final class CellCharts {
    static final int MAX_CELLS = 24;
    static final int PER_CHART = 6;
    static final int BINS = 60;

    private final List<CellResult> cells;
    private final int total;
    private final ChartSaver saver;

    CellCharts(List<CellResult> cells, ChartSaver saver) {
        List<CellResult> withSamples = cells.stream().filter(c -> c.stats().samples() > 0).toList();
        this.total = withSamples.size();
        this.cells = withSamples.subList(0, Math.min(MAX_CELLS, withSamples.size()));
        this.saver = saver;
    }

    void write() throws IOException {
        for (int from = 0, n = 1; from < cells.size(); from += PER_CHART, n++) {
            List<CellResult> group = cells.subList(from, Math.min(cells.size(), from + PER_CHART));
            overTime(group, n);
            distribution(group, n);
        }
    }

    private void overTime(List<CellResult> group, int n) throws IOException {
        XYSeriesCollection mean = new XYSeriesCollection();
        XYSeriesCollection rate = new XYSeriesCollection();
        XYSeriesCollection errors = new XYSeriesCollection();
        for (CellResult c : group) {
            SecondSeries s = c.accumulator().series();
            XYSeries m = new XYSeries(c.name(), true, false);
            XYSeries r = new XYSeries(c.name(), true, false);
            XYSeries e = new XYSeries(c.name(), true, false);
            for (int i = 0; i < s.length(); i++) {
                long second = s.firstSecond() + i;
                if (s.samples(i) > 0) {
                    m.add(second, s.meanMillis(i), false);
                }
                r.add(second, s.samples(i), false);
                e.add(second, s.errors(i), false);
            }
            mean.addSeries(m);
            rate.addSeries(r);
            errors.addSeries(e);
        }
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(new NumberAxis("seconds since the run's first sample"));
        plot.add(subplot(mean, "mean response time (ms)", true), 2);
        plot.add(subplot(rate, "samples per second", false), 1);
        plot.add(subplot(errors, "errors per second", false), 1);
        String title = "Over time, per second" + range(n, group.size());
        saver.save(new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true),
                "over-time-" + n + ".png", title, "Over time", 760);
    }

    private void distribution(List<CellResult> group, int n) throws IOException {
        double upper = 1;
        for (CellResult c : group) {
            upper = Math.max(upper, c.stats().p99());
        }
        long width = Math.max(1, (long) Math.ceil(upper / BINS));
        XYSeriesCollection data = new XYSeriesCollection();
        for (CellResult c : group) {
            double[] share = new double[BINS + 1];
            Distinct d = c.distinct();
            for (int i = 0; i < d.size(); i++) {
                int bin = (int) Math.min(BINS, Math.max(0, d.values()[i] / width));
                share[bin] += 100.0 * d.counts()[i] / c.stats().samples();
            }
            XYSeries s = new XYSeries(c.name(), true, false);
            for (int b = 0; b <= BINS; b++) {
                s.add(b * width + width / 2.0, share[b]);
            }
            data.addSeries(s);
        }
        String title = "Response-time distribution (" + width + " ms bins, last bin: all above)" + range(n, group.size());
        JFreeChart chart = ChartFactory.createXYLineChart(title, "response time (ms)", "share of samples (%)", data,
                PlotOrientation.VERTICAL, true, false, false);
        saver.save(chart, "distribution-" + n + ".png", title, "Distributions");
    }

    private String range(int chart, int size) {
        int first = (chart - 1) * PER_CHART + 1;
        String shown = " — cells " + first + "–" + (first + size - 1);
        return total > cells.size() ? shown + " of " + total + " (first " + MAX_CELLS + " charted)" : shown;
    }

    /** Only the first subplot feeds the legend; colours match across subplots. */
    private static XYPlot subplot(XYSeriesCollection data, String yAxis, boolean inLegend) {
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, false);
        renderer.setDefaultSeriesVisibleInLegend(inLegend);
        XYPlot plot = new XYPlot(data, null, new NumberAxis(yAxis), renderer);
        return plot;
    }
}
