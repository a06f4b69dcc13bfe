package org.dbstudy.analysis.report.figures;

import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.Range;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.PerRunRates;
import org.dbstudy.analysis.cells.SampleStats;
import org.dbstudy.analysis.cells.SecondSeries;
import org.dbstudy.analysis.cells.TimeHistograms;

/**
 * One cell over time, as JMeter's dashboard draws a test's core graphs, from the JTL: response-time
 * percentiles of the successful samples (median, 90 %, 99 %, max per time bucket), successful and
 * failed samples per second, active threads (the JTL's allThreads), and, when a monitor ran, the
 * database host's CPU and memory on the same time axis. Seconds count from each run's first sample;
 * replicates' samples per second are shown as the mean per run (not their sum), percentiles pool
 * them, threads keep the larger. Written as SVG for the page only (the
 * printable overview is {@link CellCharts}'s pages); at most {@link #MAX_CELLS} cells.
 */
public final class CellDashboards {
    static final int MAX_CELLS = 64;
    public static final String SECTION = "Each cell over time";

    private final List<CellResult> cells;
    private final Optional<MonitorCharts> monitor;
    private final ChartSaver saver;

    CellDashboards(List<CellResult> cells, Optional<MonitorCharts> monitor, ChartSaver saver) {
        this.cells = cells.stream().filter(c -> c.stats().samples() > 0).limit(MAX_CELLS).toList();
        this.monitor = monitor;
        this.saver = saver;
    }

    void write() throws IOException {
        for (int i = 0; i < cells.size(); i++) {
            CellResult c = cells.get(i);
            CombinedDomainXYPlot plot = plot(c);
            int stacked = plot.getSubplots().size();
            PanelGrid grid = new PanelGrid("", List.of(new PanelGrid.Panel(c.name(), plot)), 1, plot, FigureStyle.DEFAULT);
            saver.save(grid, "cell-" + (i + 1) + "-over-time", c.name() + " over time", caption(c), SECTION, 900,
                    90 + 150 * stacked, EnumSet.of(ChartSaver.Format.SVG));
        }
    }

    private String caption(CellResult c) {
        int runs = PerRunRates.of(c.accumulator()).runCount();
        return "Seconds since the run's first sample" + (runs > 1 ? "; " + runs + " runs: samples per second are the"
                + " mean per run, percentiles pool the runs" : "") + ". Percentiles of the successful samples per "
                + seconds(c.accumulator().overTime().secondsPerBucket()) + " (within 6 % of the exact value: the tables"
                + " have the exact ones); throughput and errors per second; active threads as JMeter wrote them"
                + (monitor.isPresent() ? "; the database host's CPU and memory from monitor/ on the same axis." : ".");
    }

    private static String seconds(int s) {
        return s == 1 ? "second" : s + " seconds";
    }

    private CombinedDomainXYPlot plot(CellResult c) {
        SecondSeries s = c.accumulator().series();
        NumberAxis x = Axes.number("seconds since the first sample", true);
        x.setRange(Axes.levelRange(s.firstSecond(), s.firstSecond() + Math.max(0, s.length() - 1), true));
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(x);
        plot.setGap(8);
        plot.add(percentiles(c.accumulator().overTime()), 3);
        plot.add(throughput(PerRunRates.of(c.accumulator())), 2);
        if (hasThreads(s)) {
            plot.add(threads(s), 1);
        }
        monitor.ifPresent(m -> {
            Map<MonitorCharts.Figure, MonitorCharts.PerSecond> figures = m.figures(c);
            List<MonitorCharts.Figure> shown = List.of(MonitorCharts.Figure.HOST_CPU, MonitorCharts.Figure.SERVER_CPU,
                    MonitorCharts.Figure.MEMORY);
            XYSeriesCollection data = new XYSeriesCollection();
            boolean any = false;
            for (MonitorCharts.Figure f : shown) {
                XYSeries series = figures.get(f).series(f.label);
                any |= !series.isEmpty();
                data.addSeries(series);
            }
            if (any) {
                plot.add(lines(data, "% of host", new Range(0, 105)), 2);
            }
        });
        ChartSaver.colourAcross(plot, FigureStyle.DEFAULT);
        return plot;
    }

    private static boolean hasThreads(SecondSeries s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.threads(i) > 0) {
                return true;
            }
        }
        return false;
    }

    /** Median, 90 %, 99 % and max per bucket, at the bucket's middle. */
    private static XYPlot percentiles(TimeHistograms h) {
        XYSeriesCollection data = new XYSeriesCollection();
        double[] fractions = {SampleStats.MEDIAN, SampleStats.P90, SampleStats.P99};
        String[] names = {"median (ms)", "90% line (ms)", "99% line (ms)"};
        double top = 0;
        for (int k = 0; k < fractions.length; k++) {
            XYSeries series = new XYSeries(names[k], true, false);
            for (int b = 0; b < h.buckets(); b++) {
                double v = h.percentile(b, fractions[k]);
                if (!Double.isNaN(v)) {
                    series.add((b + 0.5) * h.secondsPerBucket(), v, false);
                    top = Math.max(top, v);
                }
            }
            data.addSeries(series);
        }
        XYSeries max = new XYSeries("max (ms)", true, false);
        for (int b = 0; b < h.buckets(); b++) {
            double v = h.max(b);
            if (!Double.isNaN(v)) {
                max.add((b + 0.5) * h.secondsPerBucket(), v, false);
                top = Math.max(top, v);
            }
        }
        data.addSeries(max);
        return lines(data, "ms", Axes.valueRange(0, top));
    }

    /** Successful and failed samples per second, the mean per run when replicates are pooled. */
    private static XYPlot throughput(PerRunRates s) {
        String perRun = s.runCount() > 1 ? " (mean of " + s.runCount() + " runs)" : "";
        XYSeries ok = new XYSeries("successful/s" + perRun, true, false);
        XYSeries failed = new XYSeries("failed/s" + perRun, true, false);
        double top = 0;
        for (int i = 0; i < s.length(); i++) {
            long second = s.firstSecond() + i;
            ok.add(second, s.successful(i), false);
            failed.add(second, s.failed(i), false);
            top = Math.max(top, s.samples(i));
        }
        XYSeriesCollection data = new XYSeriesCollection(ok);
        data.addSeries(failed);
        return lines(data, "samples/s", Axes.valueRange(0, top));
    }

    private static XYPlot threads(SecondSeries s) {
        XYSeries active = new XYSeries("active threads", true, false);
        double top = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.threads(i) > 0) {
                active.add(s.firstSecond() + i, s.threads(i), false);
                top = Math.max(top, s.threads(i));
            }
        }
        return lines(new XYSeriesCollection(active), "threads", Axes.valueRange(0, top));
    }

    static XYPlot lines(XYSeriesCollection data, String label, Range range) {
        NumberAxis y = Axes.number(label, false);
        y.setRange(range);
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
        XYPlot plot = new XYPlot(data, null, y, r);
        ChartSaver.style(plot);
        return plot;
    }
}
