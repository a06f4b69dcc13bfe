package org.dbstudy.analysis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * Charts against the study's factors, as the studies draw them: response time vs users per row
 * count (S0), response time and error rate vs users (stress), throughput and p99 vs clients per
 * isolation level (S1), speedup vs users (S2, S4). Each kind is bounded to {@link #MAX_PANELS}.
 */
final class FactorCharts {
    static final int MAX_PANELS = 12;
    private static final String MEAN_AXIS = "mean response time (ms)";

    private final StudyResult r;
    private final ChartSaver saver;
    private final int users;

    FactorCharts(StudyResult r, ChartSaver saver) {
        this.r = r;
        this.saver = saver;
        this.users = Levels.usersIndex(r.factors());
    }

    void write() throws IOException {
        if (users < 0) {
            return;
        }
        int rows = r.factorIndex("rows");
        if (rows >= 0) {
            linesPerLevel("s0", rows, c -> c.stats().mean(), MEAN_AXIS, "Mean response time");
        }
        stress();
        int isolation = r.factorIndex("isolation");
        if (isolation >= 0) {
            isolation(isolation);
        }
        speedups();
    }

    /** One chart per combination of the other factors: y vs users, one line per level of {@code by}. */
    private void linesPerLevel(String prefix, int by, ToDoubleFunction<CellResult> y, String yAxis, String what)
            throws IOException {
        int n = 0;
        for (Map.Entry<String, List<CellResult>> panel : panels(users, by).entrySet()) {
            if (n >= MAX_PANELS) {
                break;
            }
            XYSeriesCollection data = series(panel.getValue(), by, y);
            String title = what + " vs " + r.factors().get(users) + title(panel.getKey());
            JFreeChart chart = ChartFactory.createXYLineChart(title, xAxis(), yAxis, data,
                    PlotOrientation.VERTICAL, true, false, false);
            ((XYLineAndShapeRenderer) chart.getXYPlot().getRenderer()).setDefaultShapesVisible(true);
            saver.save(chart, prefix + "-" + (++n) + ".png", title, "Response time by factor");
        }
    }

    /** Mean response time (left axis) and error % (right axis) vs users, where errors occurred. */
    private void stress() throws IOException {
        Map<String, List<CellResult>> panels = panels(users);
        boolean errors = r.cells().stream().anyMatch(c -> c.stats().errors() > 0);
        if (!errors && panels.size() > 4) {
            return;
        }
        int n = 0;
        for (Map.Entry<String, List<CellResult>> panel : panels.entrySet()) {
            if (n >= MAX_PANELS) {
                break;
            }
            XYSeries mean = new XYSeries("mean response time (ms)");
            XYSeries errorPct = new XYSeries("errors (%)");
            for (CellResult c : panel.getValue()) {
                double x = Levels.number(c.levels().get(users));
                if (!Double.isNaN(x) && c.stats().samples() > 0) {
                    mean.addOrUpdate(x, c.stats().mean());
                    errorPct.addOrUpdate(x, c.stats().errorPercent());
                }
            }
            String title = "Response time and errors vs " + r.factors().get(users) + title(panel.getKey());
            JFreeChart chart = ChartFactory.createXYLineChart(title, xAxis(), MEAN_AXIS, new XYSeriesCollection(mean),
                    PlotOrientation.VERTICAL, true, false, false);
            XYPlot plot = chart.getXYPlot();
            NumberAxis right = new NumberAxis("errors (% of samples)");
            right.setRange(0, 100);
            plot.setRangeAxis(1, right);
            plot.setDataset(1, new XYSeriesCollection(errorPct));
            plot.mapDatasetToRangeAxis(1, 1);
            plot.setRenderer(1, new XYLineAndShapeRenderer(true, true));
            ((XYLineAndShapeRenderer) plot.getRenderer()).setDefaultShapesVisible(true);
            saver.save(chart, "stress-" + (++n) + ".png", title, "Load and errors");
        }
    }

    /** Throughput and p99 vs clients, one line per isolation level (two stacked plots). */
    private void isolation(int isolation) throws IOException {
        int n = 0;
        for (Map.Entry<String, List<CellResult>> panel : panels(users, isolation).entrySet()) {
            if (n >= MAX_PANELS) {
                break;
            }
            NumberAxis x = new NumberAxis(xAxis());
            CombinedDomainXYPlot plot = new CombinedDomainXYPlot(x);
            plot.add(subplot(series(panel.getValue(), isolation, c -> c.stats().throughputPerSecond()), "throughput (samples/s)", true));
            plot.add(subplot(series(panel.getValue(), isolation, c -> c.stats().p99()), "99% line (ms)", false));
            String title = "Throughput and 99% line vs " + r.factors().get(users) + " by isolation" + title(panel.getKey());
            JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
            saver.save(chart, "isolation-" + (++n) + ".png", title, "Isolation levels", 700);
        }
    }

    /** S on the mean vs users with its 95% interval as a band, one line per treatment and other levels. */
    private void speedups() throws IOException {
        if (r.speedups().isEmpty() || r.comparison().isEmpty()) {
            return;
        }
        List<String> others = SpeedupFinder.others(r.factors(), r.factorIndex(r.comparison().get().factor()));
        int usersInOthers = others.indexOf(r.factors().get(users));
        if (usersInOthers < 0) {
            return;
        }
        Map<String, YIntervalSeries> lines = new LinkedHashMap<>();
        for (Speedup s : r.speedups()) {
            if (!s.metric().equals("mean")) {
                continue;
            }
            List<String> rest = new ArrayList<>(s.others());
            double x = Levels.number(rest.remove(usersInOthers));
            List<String> restNames = new ArrayList<>(others);
            restNames.remove(usersInOthers);
            String key = s.treatmentLevel() + " vs " + s.baselineLevel() + levelsText(restNames, rest);
            if (!Double.isNaN(x) && Double.isFinite(s.speedup())) {
                lines.computeIfAbsent(key, YIntervalSeries::new).add(x, s.speedup(), s.ciLow(), s.ciHigh());
            }
        }
        List<YIntervalSeries> all = new ArrayList<>(lines.values());
        int perChart = 6;
        for (int from = 0, n = 1; from < all.size() && n <= MAX_PANELS; from += perChart, n++) {
            YIntervalSeriesCollection data = new YIntervalSeriesCollection();
            all.subList(from, Math.min(all.size(), from + perChart)).forEach(data::addSeries);
            String title = "Speedup S = T(baseline)/T(treatment) on mean response time vs " + r.factors().get(users);
            JFreeChart chart = ChartFactory.createXYLineChart(title, xAxis(), "speedup (×, band: 95% bootstrap interval)",
                    data, PlotOrientation.VERTICAL, true, false, false);
            DeviationRenderer band = new DeviationRenderer(true, true);
            band.setAlpha(0.15f);
            chart.getXYPlot().setRenderer(band);
            saver.save(chart, "speedup-" + n + ".png", title, "Speedup charts");
        }
    }

    /** Colours match across the stacked plots, so only the first one feeds the legend. */
    private XYPlot subplot(XYSeriesCollection data, String yAxis, boolean inLegend) {
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        renderer.setDefaultSeriesVisibleInLegend(inLegend);
        XYPlot plot = new XYPlot(data, null, new NumberAxis(yAxis), renderer);
        return plot;
    }

    /** Lines per level of {@code by}, x = users. */
    private XYSeriesCollection series(List<CellResult> cells, int by, ToDoubleFunction<CellResult> y) {
        Map<String, XYSeries> lines = new LinkedHashMap<>();
        for (CellResult c : cells) {
            double x = Levels.number(c.levels().get(users));
            double value = y.applyAsDouble(c);
            if (!Double.isNaN(x) && Double.isFinite(value) && c.stats().samples() > 0) {
                String name = r.factors().get(by) + "=" + c.levels().get(by);
                lines.computeIfAbsent(name, k -> new XYSeries(k, true, false)).addOrUpdate(x, value);
            }
        }
        XYSeriesCollection data = new XYSeriesCollection();
        lines.values().forEach(data::addSeries);
        return data;
    }

    /** Cells grouped by the levels of every factor except {@code except}. */
    private Map<String, List<CellResult>> panels(int... except) {
        Map<String, List<CellResult>> panels = new LinkedHashMap<>();
        for (CellResult c : r.cells()) {
            StringBuilder key = new StringBuilder();
            for (int f = 0; f < r.factors().size(); f++) {
                if (!contains(except, f)) {
                    key.append(key.length() == 0 ? "" : ", ").append(r.factors().get(f)).append('=').append(c.levels().get(f));
                }
            }
            panels.computeIfAbsent(key.toString(), k -> new ArrayList<>()).add(c);
        }
        return panels;
    }

    private static boolean contains(int[] a, int x) {
        for (int v : a) {
            if (v == x) {
                return true;
            }
        }
        return false;
    }

    private static String levelsText(List<String> names, List<String> levels) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < names.size(); i++) {
            s.append(i == 0 ? " (" : ", ").append(names.get(i)).append('=').append(levels.get(i));
        }
        return names.isEmpty() ? "" : s.append(')').toString();
    }

    private static String title(String panel) {
        return panel.isEmpty() ? "" : " (" + panel + ")";
    }

    private String xAxis() {
        return r.factors().get(users) + " (concurrent)";
    }
}
