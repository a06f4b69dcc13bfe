package org.dbstudy.analysis.report.figures;

import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.Range;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.Distinct;
import org.dbstudy.analysis.cells.PerRunRates;
import org.dbstudy.analysis.cells.SecondSeries;

/**
 * Every cell, as small multiples of {@link #PER_PAGE} cells per figure (a 336-cell study gets 21
 * pages of each): response time, samples and errors per second over time, and the response-time
 * distribution with one bin width and one axis range for the whole study, so any two cells compare.
 * At most {@link #MAX_CELLS} cells: the page inlines every figure, and 2,000 labels analysed without a
 * manifest (each a cell) made 250 figures that no longer fitted the analysis's heap; the others are in
 * summary.csv, and the page says how many are left out.
 */
public final class CellCharts {
    public static final int PER_PAGE = 16;
    public static final int MAX_CELLS = 21 * PER_PAGE;
    public static final int COLUMNS = 4;
    public static final int BINS = 60;
    public static final String OVER_TIME = "Over time";
    public static final String DISTRIBUTIONS = "Distributions";

    private final List<CellResult> cells;
    private final ChartSaver saver;

    public CellCharts(List<CellResult> cells, ChartSaver saver) {
        this.cells = cells.stream().filter(c -> c.stats().samples() > 0).limit(MAX_CELLS).toList();
        this.saver = saver;
    }

    /** One bin width for every distribution: the largest 99 % line over {@link #BINS} bins. */
    public long binWidth() {
        double upper = 1;
        for (CellResult c : cells) {
            upper = Math.max(upper, c.stats().p99());
        }
        return Math.max(1, (long) Math.ceil(upper / BINS));
    }

    public void write() throws IOException {
        int pages = (cells.size() + PER_PAGE - 1) / PER_PAGE;
        long width = binWidth();
        double shareMax = 0;
        for (CellResult c : cells) {
            for (double s : shares(c, width)) {
                shareMax = Math.max(shareMax, s);
            }
        }
        Range shareRange = Axes.valueRange(0, shareMax);
        for (int page = 0; page < pages; page++) {
            List<CellResult> group = cells.subList(page * PER_PAGE, Math.min(cells.size(), (page + 1) * PER_PAGE));
            String range = " - cells " + (page * PER_PAGE + 1) + "-" + (page * PER_PAGE + group.size()) + " of " + cells.size();
            overTime(group, page + 1, range);
            distribution(group, page + 1, range, width, shareRange);
        }
    }

    private void overTime(List<CellResult> group, int page, String range) throws IOException {
        List<PanelGrid.Panel> panels = new ArrayList<>();
        for (CellResult c : group) {
            SecondSeries s = c.accumulator().series();
            PerRunRates perRun = PerRunRates.of(c.accumulator());
            XYSeries mean = new XYSeries("mean response time (ms)", true, false);
            XYSeries rate = new XYSeries("samples per second", true, false);
            XYSeries errors = new XYSeries("errors per second", true, false);
            double top = 0;
            for (int i = 0; i < s.length(); i++) {
                long second = s.firstSecond() + i;
                if (s.samples(i) > 0) {
                    mean.add(second, s.meanMillis(i), false);
                }
                rate.add(second, perRun.samples(i), false);
                errors.add(second, perRun.failed(i), false);
                top = Math.max(top, perRun.samples(i));
            }
            NumberAxis x = Axes.number("seconds since the first sample", true);
            x.setRange(Axes.levelRange(s.firstSecond(), s.firstSecond() + Math.max(0, s.length() - 1), true));
            NumberAxis ms = Axes.number("mean (ms)", false);
            ms.setRange(Axes.valueRange(0, mean.isEmpty() ? Double.NaN : mean.getMaxY()));
            XYPlot plot = new XYPlot(new XYSeriesCollection(mean), x, ms, new XYLineAndShapeRenderer(true, false));
            NumberAxis perSecond = Axes.number("per second", true);
            perSecond.setRange(Axes.valueRange(0, top));
            XYSeriesCollection counts = new XYSeriesCollection(rate);
            counts.addSeries(errors);
            plot.setRangeAxis(1, perSecond);
            plot.setDataset(1, counts);
            plot.mapDatasetToRangeAxis(1, 1);
            plot.setRenderer(1, new XYLineAndShapeRenderer(true, false));
            ChartSaver.style(plot);
            plot.getRenderer(1).setSeriesPaint(0, Color.GRAY);
            plot.getRenderer(1).setSeriesPaint(1, ChartSaver.PALETTE[3]);
            panels.add(new PanelGrid.Panel(c.name(), plot));
        }
        String title = "Per second, every cell" + range;
        PanelGrid grid = new PanelGrid(title, panels, COLUMNS, panels.get(0).plot(), FigureStyle.DEFAULT);
        saver.save(grid, "over-time-" + page, title, "Left axis: mean response time (ms); right axis: samples and errors"
                + " per second, the mean per run when a cell has replicates (response times pool them); seconds since"
                + " each run's first sample.", OVER_TIME, ChartSaver.WIDTH * 3 / 2, 100 + grid.rows() * 220);
    }

    private void distribution(List<CellResult> group, int page, String range, long width, Range shareRange)
            throws IOException {
        List<PanelGrid.Panel> panels = new ArrayList<>();
        for (CellResult c : group) {
            double[] share = shares(c, width);
            XYSeries s = new XYSeries("share of samples (%)", true, false);
            for (int b = 0; b < share.length; b++) {
                s.add(b * width + width / 2.0, share[b]);
            }
            XYSeriesCollection data = new XYSeriesCollection(s);
            data.setIntervalWidth(width);
            NumberAxis x = Axes.number("response time (ms)", true);
            x.setRange(0, (BINS + 1) * width);
            NumberAxis y = Axes.number("share (%)", false);
            y.setRange(shareRange);
            XYBarRenderer bars = new XYBarRenderer();
            bars.setBarPainter(new StandardXYBarPainter());
            bars.setShadowVisible(false);
            XYPlot plot = new XYPlot(data, x, y, bars);
            ChartSaver.style(plot);
            panels.add(new PanelGrid.Panel(c.name(), plot));
        }
        String title = "Response-time distribution, every cell" + range;
        PanelGrid grid = new PanelGrid(title, panels, COLUMNS, null, FigureStyle.DEFAULT);
        saver.save(grid, "distribution-" + page, title, width + " ms bins in every panel and page; the last bin holds all"
                + " above " + BINS * width + " ms. Same axes everywhere.", DISTRIBUTIONS, ChartSaver.WIDTH * 3 / 2,
                100 + grid.rows() * 200);
    }

    /** Percent of the cell's samples per bin; bin {@link #BINS} holds everything above. */
    private static double[] shares(CellResult c, long width) {
        double[] share = new double[BINS + 1];
        Distinct d = c.distinct();
        for (int i = 0; i < d.size(); i++) {
            int bin = (int) Math.min(BINS, Math.max(0, d.values()[i] / width));
            share[bin] += 100.0 * d.counts()[i] / c.stats().samples();
        }
        return share;
    }
}
