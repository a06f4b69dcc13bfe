package org.dbstudy.analysis.report.figures;

import static org.dbstudy.vocabulary.files.MonitorColumns.DATABASE;
import static org.dbstudy.vocabulary.files.MonitorColumns.LOCK_WAITS;

import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.Range;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.PerRunRates;
import org.dbstudy.analysis.cells.SecondSeries;
import org.dbstudy.analysis.reading.MonitorFile;
import org.dbstudy.analysis.reading.MonitorFiles;

/**
 * The server beside the load, every cell on one time axis (S0's Figure 5): per cell a panel of three
 * plots sharing the x axis, seconds since the run's first sample as in the over-time figure. Top:
 * mean response time and errors per second. Middle: host CPU busy, the database server processes' CPU
 * (both in % of the whole host) and host memory used, in %. Bottom: client connections and locks
 * waited for. A cell's replicates are averaged per second, each on its own run's clock. Drawn when
 * the study directory has monitor files ({@code monitor/<plan>.csv}).
 */
public final class MonitorCharts {
    static final int PER_PAGE = 8;
    public static final String SECTION = "Server over time";

    /** One figure per second on a cell's clock, averaged over the runs that have it. */
    static final class PerSecond {
        private final Map<Long, double[]> sums = new TreeMap<>();

        void add(long second, double value) {
            if (!Double.isNaN(value) && !Double.isInfinite(value)) {
                double[] s = sums.computeIfAbsent(second, k -> new double[2]);
                s[0] += value;
                s[1]++;
            }
        }

        XYSeries series(String name) {
            XYSeries out = new XYSeries(name, true, false);
            sums.forEach((second, s) -> out.add((double) second, s[0] / s[1], false));
            return out;
        }
    }

    /** The figures drawn, in legend order, with how each comes from a moment. */
    enum Figure {
        HOST_CPU("host CPU busy (%)", MonitorFigures::hostCpuBusyPct, ChartSaver.PALETTE[1]),
        SERVER_CPU("database server processes' CPU (% of host)", MonitorFigures::serverCpuPctOfHost, ChartSaver.PALETTE[4]),
        MEMORY("host memory used (%)", MonitorFigures::hostMemoryPct, ChartSaver.PALETTE[2]),
        CONNECTIONS("client connections", MonitorFigures::connections, ChartSaver.PALETTE[7]),
        LOCK_WAITS_NOW("locks waited for", m -> m.get(DATABASE, LOCK_WAITS), ChartSaver.PALETTE[5]);

        final String label;
        final ToDoubleFunction<MonitorFile.Moment> value;
        final Color color;

        Figure(String label, ToDoubleFunction<MonitorFile.Moment> value, Color color) {
            this.label = label;
            this.value = value;
            this.color = color;
        }
    }

    private final List<CellResult> cells;
    private final MonitorFiles monitor;
    private final ChartSaver saver;

    private MonitorCharts(List<CellResult> cells, MonitorFiles monitor, ChartSaver saver) {
        this.cells = cells;
        this.monitor = monitor;
        this.saver = saver;
    }

    /** The figure's drawer over the study's monitor files (when it has some: {@link org.dbstudy.analysis.statistics.StudyResult#monitor()}). */
    static MonitorCharts of(MonitorFiles monitor, List<CellResult> cells, ChartSaver saver) {
        List<CellResult> withSamples = cells.stream().filter(c -> c.stats().samples() > 0).toList();
        return new MonitorCharts(withSamples, monitor, saver);
    }

    /** Every monitor file that belongs to a cell, in the order read. */
    List<MonitorFile> files() {
        return monitor.all();
    }

    void write() throws IOException {
        Map<String, Map<Figure, PerSecond>> figures = new LinkedHashMap<>();
        double connectionsTop = 0;
        for (CellResult c : cells) {
            Map<Figure, PerSecond> f = figures(c);
            figures.put(c.name(), f);
            for (Figure count : List.of(Figure.CONNECTIONS, Figure.LOCK_WAITS_NOW)) {
                XYSeries s = f.get(count).series(count.label);
                connectionsTop = Math.max(connectionsTop, s.isEmpty() ? 0 : s.getMaxY());
            }
        }
        Range counts = Axes.valueRange(0, connectionsTop);
        int pages = (cells.size() + PER_PAGE - 1) / PER_PAGE;
        for (int page = 0; page < pages; page++) {
            List<CellResult> group = cells.subList(page * PER_PAGE, Math.min(cells.size(), (page + 1) * PER_PAGE));
            List<PanelGrid.Panel> panels = new ArrayList<>();
            for (CellResult c : group) {
                panels.add(new PanelGrid.Panel(c.name(), panel(c, figures.get(c.name()), counts)));
            }
            String title = "Server beside the load, every cell - cells " + (page * PER_PAGE + 1) + "-"
                    + (page * PER_PAGE + group.size()) + " of " + cells.size();
            PanelGrid grid = new PanelGrid(title, panels, CellCharts.COLUMNS, panels.get(0).plot(), FigureStyle.DEFAULT);
            saver.save(grid, "server-over-time-" + (page + 1), title, "Per second since the first sample: response time and"
                    + " errors (top), CPU and memory in % of the database server's host (middle), connections and lock waits"
                    + " (bottom). Replicates averaged per second. Source: monitor/<cell>.csv beside the results; see"
                    + " docs/monitoring.md.", SECTION, ChartSaver.WIDTH * 3 / 2, 110 + grid.rows() * 520);
        }
    }

    /** The cell's monitor figures per second of its runs' clocks. */
    Map<Figure, PerSecond> figures(CellResult c) {
        Map<Figure, PerSecond> out = new LinkedHashMap<>();
        for (Figure f : Figure.values()) {
            out.put(f, new PerSecond());
        }
        List<MonitorFile> files = monitor.of(c.name());
        for (long start : c.accumulator().runStarts()) {
            for (MonitorFile file : files) {
                if (file.watched(start)) {
                    for (MonitorFile.Moment m : file.moments()) {
                        long second = Math.floorDiv(m.timeStamp() - start, 1000);
                        out.forEach((f, perSecond) -> perSecond.add(second, f.value.applyAsDouble(m)));
                    }
                    break;
                }
            }
        }
        return out;
    }

    private static XYPlot panel(CellResult c, Map<Figure, PerSecond> figures, Range counts) {
        SecondSeries s = c.accumulator().series();
        NumberAxis x = Axes.number("seconds since the first sample", true);
        x.setRange(Axes.levelRange(s.firstSecond(), s.firstSecond() + Math.max(0, s.length() - 1), true));
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(x);
        plot.setGap(6);
        plot.add(load(s, PerRunRates.of(c.accumulator())), 2);
        plot.add(lines(figures, List.of(Figure.HOST_CPU, Figure.SERVER_CPU, Figure.MEMORY), "%", new Range(0, 105), false), 2);
        plot.add(lines(figures, List.of(Figure.CONNECTIONS, Figure.LOCK_WAITS_NOW), "count", counts, true), 1);
        return plot;
    }

    /** Mean response time (left) and errors per second, the mean per run (right). */
    private static XYPlot load(SecondSeries s, PerRunRates perRun) {
        XYSeries mean = new XYSeries("mean response time (ms)", true, false);
        XYSeries errors = new XYSeries("errors per second", true, false);
        for (int i = 0; i < s.length(); i++) {
            long second = s.firstSecond() + i;
            if (s.samples(i) > 0) {
                mean.add(second, s.meanMillis(i), false);
            }
            errors.add(second, perRun.failed(i), false);
        }
        NumberAxis ms = Axes.number("mean (ms)", false);
        ms.setRange(Axes.valueRange(0, mean.isEmpty() ? Double.NaN : mean.getMaxY()));
        XYPlot plot = new XYPlot(new XYSeriesCollection(mean), null, ms, new XYLineAndShapeRenderer(true, false));
        NumberAxis perSecond = Axes.number("errors/s", true);
        perSecond.setRange(Axes.valueRange(0, errors.isEmpty() ? Double.NaN : errors.getMaxY()));
        plot.setRangeAxis(1, perSecond);
        plot.setDataset(1, new XYSeriesCollection(errors));
        plot.mapDatasetToRangeAxis(1, 1);
        plot.setRenderer(1, new XYLineAndShapeRenderer(true, false));
        ChartSaver.style(plot);
        plot.getRenderer(0).setSeriesPaint(0, ChartSaver.PALETTE[0]);
        plot.getRenderer(1).setSeriesPaint(0, ChartSaver.PALETTE[3]);
        return plot;
    }

    private static XYPlot lines(Map<Figure, PerSecond> figures, List<Figure> shown, String label, Range range, boolean whole) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (Figure f : shown) {
            data.addSeries(figures.get(f).series(f.label));
        }
        NumberAxis y = Axes.number(label, whole);
        y.setRange(range);
        XYPlot plot = new XYPlot(data, null, y, new XYLineAndShapeRenderer(true, false));
        ChartSaver.style(plot);
        for (int i = 0; i < shown.size(); i++) {
            plot.getRenderer().setSeriesPaint(i, shown.get(i).color);
        }
        return plot;
    }
}
