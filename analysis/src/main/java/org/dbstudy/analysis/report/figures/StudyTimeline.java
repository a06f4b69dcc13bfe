package org.dbstudy.analysis.report.figures;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.dbstudy.analysis.cells.Accumulator;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.SecondSeries;
import org.dbstudy.analysis.reading.MonitorFile;

/**
 * The whole study on one clock (S0's Figure 5, the stress test's server through every cell): seconds
 * since the study's first sample, every run where it ran, each shaded and named by the levels that
 * tell its cell apart; mean response time and errors per second, active threads, and when a monitor
 * ran the database host's CPU and memory, continuous through the rests between cells. Drawn when the
 * study has at most {@link #MAX_RUNS} runs.
 */
public final class StudyTimeline {
    static final int MAX_RUNS = 60;
    public static final String SECTION = "The study over time";

    /** One run of a cell on the study's clock. */
    private record Run(CellResult cell, Accumulator.RunSeries series) {
    }

    private final List<Run> runs = new ArrayList<>();
    private final List<String> factors;
    private final Optional<List<MonitorFile>> monitor;
    private final ChartSaver saver;

    StudyTimeline(List<String> factors, List<CellResult> cells, Optional<List<MonitorFile>> monitor, ChartSaver saver) {
        this.factors = factors;
        for (CellResult c : cells) {
            c.accumulator().runSeries().forEach(s -> runs.add(new Run(c, s)));
        }
        runs.sort((a, b) -> Long.compare(a.series().start(), b.series().start()));
        this.monitor = monitor;
        this.saver = saver;
    }

    /** At most {@link #MAX_RUNS} runs, one after the other (runs that overlap in time are not one study's timeline). */
    boolean drawable() {
        if (runs.isEmpty() || runs.size() > MAX_RUNS) {
            return false;
        }
        for (int i = 1; i < runs.size(); i++) {
            Accumulator.RunSeries before = runs.get(i - 1).series();
            long end = before.start() + 1000L * (before.series().firstSecond() + before.series().length());
            if (runs.get(i).series().start() < end - 1000) {
                return false;
            }
        }
        return true;
    }

    void write() throws IOException {
        long origin = runs.get(0).series().start();
        // Duplicates allowed: a run's gap marker may share a second with the next run's start.
        XYSeries mean = new XYSeries("mean response time (ms)", true, true);
        XYSeries errors = new XYSeries("errors/s", true, true);
        XYSeries threads = new XYSeries("active threads", true, true);
        double meanTop = 0;
        double errorTop = 0;
        double threadTop = 0;
        long end = 0;
        for (Run r : runs) {
            SecondSeries s = r.series().series();
            long offset = Math.floorDiv(r.series().start() - origin, 1000);
            for (int i = 0; i < s.length(); i++) {
                long second = offset + s.firstSecond() + i;
                if (s.samples(i) > 0) {
                    mean.add(second, s.meanMillis(i), false);
                    meanTop = Math.max(meanTop, s.meanMillis(i));
                }
                errors.add(second, s.errors(i), false);
                errorTop = Math.max(errorTop, s.errors(i));
                if (s.threads(i) > 0) {
                    threads.add(second, s.threads(i), false);
                    threadTop = Math.max(threadTop, s.threads(i));
                }
                end = Math.max(end, second);
            }
            // A gap between runs breaks the lines instead of joining them across the rest.
            mean.add(offset + s.firstSecond() + s.length(), null, false);
            errors.add(offset + s.firstSecond() + s.length(), null, false);
            threads.add(offset + s.firstSecond() + s.length(), null, false);
        }
        NumberAxis x = Axes.number("seconds since the study's first sample", true);
        x.setRange(Axes.levelRange(0, Math.max(1, end), true));
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(x);
        plot.setGap(8);
        XYPlot load = CellDashboards.lines(new XYSeriesCollection(mean), "ms", Axes.valueRange(0, meanTop));
        mark(load, origin, true);
        plot.add(load, 3);
        XYPlot failed = CellDashboards.lines(new XYSeriesCollection(errors), "errors/s", Axes.valueRange(0, errorTop));
        failed.getRenderer().setSeriesPaint(0, ChartSaver.PALETTE[1]);
        mark(failed, origin, false);
        plot.add(failed, 2);
        if (!threads.isEmpty()) {
            XYPlot active = CellDashboards.lines(new XYSeriesCollection(threads), "threads", Axes.valueRange(0, threadTop));
            active.getRenderer().setSeriesPaint(0, ChartSaver.PALETTE[6]);
            mark(active, origin, false);
            plot.add(active, 2);
        }
        monitor.ifPresent(files -> plot.add(server(files, origin), 3));
        ChartSaver.colourAcross(plot, FigureStyle.DEFAULT);
        PanelGrid grid = new PanelGrid("The study over time: " + runs.size() + " run" + (runs.size() == 1 ? "" : "s")
                + " in the order they ran", List.of(new PanelGrid.Panel("", plot)), 1, plot,
                FigureStyle.DEFAULT);
        int width = (int) Math.max(ChartSaver.WIDTH, Math.min(1600, 300 + end * 2));
        saver.save(grid, "study-over-time", "The study over time", "Every run on the study's clock, shaded and named by"
                + " its cell's levels (" + String.join(", ", varying()) + "); lines break in the rests between runs."
                + (monitor.isPresent() ? " Bottom: the database host's CPU busy, the server processes' CPU (both % of the"
                + " host) and memory used, from monitor/, also through the rests." : ""), SECTION, width,
                110 + 150 * plot.getSubplots().size());
    }

    private XYPlot server(List<MonitorFile> files, long origin) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (MonitorCharts.Figure f : List.of(MonitorCharts.Figure.HOST_CPU, MonitorCharts.Figure.SERVER_CPU,
                MonitorCharts.Figure.MEMORY)) {
            XYSeries series = new XYSeries(f.label, true, true);
            for (MonitorFile file : files) {
                for (MonitorFile.Moment m : file.moments()) {
                    double v = f.value.applyAsDouble(m);
                    if (Double.isFinite(v)) {
                        series.add(Math.floorDiv(m.timeStamp() - origin, 1000), v, false);
                    }
                }
            }
            data.addSeries(series);
        }
        XYPlot plot = CellDashboards.lines(data, "% of host", new org.jfree.data.Range(0, 105));
        for (int i = 0; i < 3; i++) {
            plot.getRenderer().setSeriesPaint(i, ChartSaver.PALETTE[i + 2]);
        }
        mark(plot, origin, false);
        return plot;
    }

    /** Each run shaded; on the top plot named by the levels that vary between the runs' cells. */
    private void mark(XYPlot plot, long origin, boolean named) {
        List<Integer> varying = varyingIndexes();
        for (int k = 0; k < runs.size(); k++) {
            Run r = runs.get(k);
            long from = Math.floorDiv(r.series().start() - origin, 1000) + r.series().series().firstSecond();
            long to = from + r.series().series().length();
            IntervalMarker band = new IntervalMarker(from, to);
            band.setPaint(k % 2 == 0 ? new Color(0xf2f2f2) : new Color(0xe6eef5));
            band.setOutlinePaint(null);
            band.setStroke(new BasicStroke(0f));
            // Names only where they fit: few runs, told apart by one or two factors.
            if (named && runs.size() <= 12 && varying.size() <= 2) {
                StringBuilder label = new StringBuilder(varying.size() == 1 ? factors.get(varying.get(0)) + "=" : "");
                for (int f : varying) {
                    label.append(label.length() == 0 || varying.size() == 1 ? "" : " ").append(r.cell().levels().get(f));
                }
                band.setLabel(label.toString());
                band.setLabelFont(FigureStyle.DEFAULT.tickFont().deriveFont(9f));
                band.setLabelAnchor(RectangleAnchor.TOP);
                band.setLabelTextAnchor(TextAnchor.TOP_CENTER);
            }
            plot.addDomainMarker(band, Layer.BACKGROUND);
        }
    }

    private List<String> varying() {
        return varyingIndexes().stream().map(factors::get).toList();
    }

    private List<Integer> varyingIndexes() {
        List<Integer> out = new ArrayList<>();
        for (int f = 0; f < factors.size(); f++) {
            int ff = f;
            if (runs.stream().map(r -> r.cell().levels().get(ff)).distinct().count() > 1) {
                out.add(f);
            }
        }
        return out;
    }
}
