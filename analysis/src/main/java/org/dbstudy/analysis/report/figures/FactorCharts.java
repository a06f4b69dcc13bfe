package org.dbstudy.analysis.report.figures;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.Range;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.dbstudy.vocabulary.files.ReportColumn;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.TransactionColumns;
import org.dbstudy.analysis.cells.Levels;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.CsvFiles;
import org.dbstudy.analysis.statistics.Comparison;
import org.dbstudy.analysis.report.format.Fmt;

/**
 * Figures against the study's factors, drawn from a report directory's CSV files
 * ({@link FigureTable}), in the seed studies' layouts: a grid of panels with one shared y range
 * per statistic, one line per level of the line factor, error bars or a band where the report has
 * 95 % intervals. Panels beyond {@link #PANELS_PER_PAGE} continue on further pages.
 */
public final class FactorCharts {
    public static final int PANELS_PER_PAGE = 16;
    public static final String SECTION = "Figures";

    private final Path dir;
    private final ChartSaver saver;

    public FactorCharts(Path dir, ChartSaver saver) {
        this.dir = dir;
        this.saver = saver;
    }

    /** The report's default figures: whichever of the seed studies' figures its factors allow. */
    public void writeDefaults() throws IOException, AnalysisInputException {
        FigureTable summary = FigureTable.summary(dir);
        Optional<String> comparison = comparisonFactor();
        // Response times of the analysed samples (successful ones unless analyze --samples all), errors beside them.
        boolean of = successAnalysed(dir);
        Optional<FigureSpec> lines = FigureSpec.choose(summary, FigureSpec.Kind.LINES, List.of(analysed(ReportColumn.MEAN_MS, of)), null,
                null, null, comparison.orElse(Comparison.TARGET), 0, 0);
        if (lines.isPresent()) {
            FigureSpec s = lines.get();
            draw(summary, s, "response-mean");
            draw(summary, s.withStatistics(List.of(analysed(ReportColumn.P90_MS, of))), "response-p90");
            if (combinations(summary, s.panels()).size() <= 4) {
                draw(summary, s.withStatistics(List.of(analysed(ReportColumn.THROUGHPUT_PER_S, of),
                        analysed(ReportColumn.MEAN_MS, of), analysed(ReportColumn.P99_MS, of))), "load");
            }
            requests(summary, of);
            boolean errors = summary.rows().stream().anyMatch(r -> r.value(ReportColumn.ERRORS.id()) > 0);
            FigureSpec stress = s.withKind(FigureSpec.Kind.STRESS);
            if ((errors || s.line().isEmpty()) && combinations(summary, stress.panels()).size() <= PANELS_PER_PAGE) {
                draw(summary, stress, "stress");
            }
        }
        if (FigureTable.exists(dir, FigureTable.SPEEDUP)) {
            for (String metric : List.of("p90", "mean")) {
                FigureTable speedups = FigureTable.speedups(dir, metric);
                Optional<FigureSpec> s = FigureSpec.choose(speedups, FigureSpec.Kind.SPEEDUP, List.of("speedup"), null,
                        null, null, FigureTable.PAIR, 0, 0);
                if (!speedups.rows().isEmpty() && s.isPresent()) {
                    draw(speedups, s.get(), "speedup-" + metric);
                    draw(speedups, (s.get().withKind(FigureSpec.Kind.IMPROVEMENT)
                            .withStatistics(List.of("improvement_pct"))), "improvement-" + metric);
                }
            }
        }
        if (FigureTable.exists(dir, FigureTable.LABELS)) {
            // labels.csv pools a label over all cells: only a one-cell study's labels compare like with like.
            FigureTable labels = FigureTable.labels(dir);
            if (labels.rows().size() >= 2 && summary.rows().size() == 1) {
                statements(labels, List.of(ReportColumn.MEAN_MS.id(), ReportColumn.P90_MS.id()), 0, 0, "statements",
                        FigureStyle.DEFAULT);
            }
        }
    }

    /**
     * S1's figures for a transactional study (one whose cells were checked for consistency): requests/s
     * over all samples and the 99% line vs x, a line per isolation level when it is a factor, a panel
     * per warehouse count (or whatever else varies).
     */
    private void requests(FigureTable summary, boolean of) throws IOException {
        if (!summary.columns().contains(TransactionColumns.CONSISTENCY_VIOLATIONS)) {
            return;
        }
        Optional<FigureSpec> s = FigureSpec.choose(summary, FigureSpec.Kind.LINES,
                List.of(ReportColumn.THROUGHPUT_PER_S.id(), analysed(ReportColumn.P99_MS, of)), null, null, null, ISOLATION, 0, 0);
        if (s.isPresent()) {
            draw(summary, s.get(), "requests");
        }
    }

    /** The column of a statistic over the analysed samples: its successful-samples twin when {@code successes}. */
    static String analysed(ReportColumn c, boolean successes) {
        return (successes ? c.successes().orElseThrow() : c).id();
    }

    /** The factor S1 draws as lines. */
    static final String ISOLATION = org.dbstudy.vocabulary.FactorNames.ISOLATION;

    /** Whether summary.csv's response times of record are over successful samples ({@code analysed_samples}). */
    public static boolean successAnalysed(Path dir) throws IOException, AnalysisInputException {
        CsvTable csv = CsvFiles.read(dir.resolve(FigureTable.SUMMARY), "cell");
        return csv.has(ReportColumn.SUCCESS_MEAN_MS.id()) && csv.rows().stream()
                .anyMatch(r -> "success".equals(r.get(ReportColumn.ANALYSED_SAMPLES.id())));
    }

    /** The speedups' compared factor (speedup.csv's factor column), the natural line factor. */
    private Optional<String> comparisonFactor() throws IOException, AnalysisInputException {
        if (!FigureTable.exists(dir, FigureTable.SPEEDUP)) {
            return Optional.empty();
        }
        CsvTable csv = CsvFiles.read(dir.resolve(FigureTable.SPEEDUP), "factor");
        return csv.rows().stream().map(r -> r.fields().get(csv.column("factor"))).findFirst();
    }

    /** Draws one figure (several pages when it has many panels); returns the base names written. */
    public List<String> draw(FigureTable t, FigureSpec spec, String baseName) throws IOException {
        if (spec.kind() == FigureSpec.Kind.STATEMENTS) {
            statements(t, spec.statistics(), spec.width(), spec.height(), baseName, spec.style());
            return List.of(baseName);
        }
        boolean autoLog = spec.kind() == FigureSpec.Kind.SPEEDUP && !spec.style().logY() && wide(t, spec.statistics().get(0));
        if (autoLog) {
            // Ratios whose intervals span decades (two runs: t with 1 df) flatten S itself on a linear axis.
            FigureStyle st = spec.style();
            spec = spec.withStyle(new FigureStyle(st.title(), st.fontSize(), st.logX(), true, st.palette(), st.legend(),
                    st.scales()));
        }
        Grid grid = grid(t, spec);
        if (autoLog) {
            grid = new Grid(grid.title, grid.caption + " Logarithmic y axis: the intervals span more than "
                    + Fmt.num(WIDE, 0) + "-fold.", grid.panels, grid.columns);
        }
        List<String> names = new ArrayList<>();
        if (grid.panels.isEmpty()) {
            return names; // no row has a level combination to draw
        }
        int perPage = Math.max(grid.columns, PANELS_PER_PAGE / grid.columns * grid.columns);
        int pages = (grid.panels.size() + perPage - 1) / perPage;
        double scale = spec.style().scale();
        for (int page = 0; page < pages; page++) {
            List<PanelGrid.Panel> onPage = grid.panels.subList(page * perPage, Math.min(grid.panels.size(), (page + 1) * perPage));
            String name = pages == 1 ? baseName : baseName + "-" + (page + 1);
            String title = grid.title + (pages == 1 ? "" : " (page " + (page + 1) + " of " + pages + ")");
            PanelGrid drawing = new PanelGrid(title, onPage, grid.columns, onPage.get(0).plot(), spec.style());
            int rows = drawing.rows();
            int height = spec.height() > 0 ? spec.height() : (int) Math.round(scale * (90 + rows * (grid.columns > 2 ? 250 : 300)));
            int width = spec.width() > 0 ? spec.width() : (int) Math.round(scale * Math.max(ChartSaver.WIDTH, grid.columns * 300));
            saver.save(drawing, name, spec.style().title() != null ? spec.style().title() : title, grid.caption, SECTION,
                    width, height);
            names.add(name);
        }
        return names;
    }

    /** The panels of a figure in row-major order, with its title and the caption that goes beside it. */
    private record Grid(String title, String caption, List<PanelGrid.Panel> panels, int columns) {
    }

    private Grid grid(FigureTable t, FigureSpec spec) {
        List<List<String>> combos = combinations(t, spec.panels());
        List<String> lineLevels = spec.line().map(t::levelsOf).orElse(List.of());
        List<Double> xLevels = t.levelsOf(spec.x()).stream().map(Levels::number).toList();
        List<PanelGrid.Panel> panels = new ArrayList<>();
        List<String> stats = spec.statistics();
        int columns;
        boolean anyFree = false;
        int cut = 0;
        double highestCut = Double.NaN;
        boolean cutMillis = true; // every statistic with a cut bar is in ms
        if (stats.size() > 1) {
            columns = combos.size(); // a row per statistic, a column per panel
            for (String stat : stats) {
                Scale scale = Scale.of(t, stat, spec, combos);
                anyFree |= scale.free();
                cut += scale.cut();
                cutMillis &= scale.cut() == 0 || stat.endsWith("_ms");
                highestCut = scale.cut() == 0 ? highestCut : Double.isNaN(highestCut) ? scale.highestCut()
                        : Math.max(highestCut, scale.highestCut());
                for (List<String> combo : combos) {
                    panels.add(panel(t, spec, stat, combo, lineLevels, xLevels, scale.forPanel(combo)));
                }
            }
        } else {
            String stat = stats.get(0);
            Scale scale = Scale.of(t, stat, spec, combos);
            anyFree = scale.free();
            cut = scale.cut();
            highestCut = scale.highestCut();
            cutMillis = stat.endsWith("_ms");
            Range errors = Axes.percentRange(max(t, ReportColumn.ERROR_PCT.id()));
            for (List<String> combo : combos) {
                PanelGrid.Panel p = panel(t, spec, stat, combo, lineLevels, xLevels, scale.forPanel(combo));
                if (spec.kind() == FigureSpec.Kind.STRESS) {
                    addErrorAxis(p.plot(), t, spec, combo, errors);
                }
                panels.add(p);
            }
            columns = gridColumns(t, spec.panels(), combos.size());
        }
        String what = stats.stream().map(FigureSpec::axisLabel).reduce((a, b) -> a + ", " + b).orElse("");
        String title = spec.kind() == FigureSpec.Kind.STRESS ? what + " and errors vs " + spec.x()
                : what + " vs " + spec.x() + spec.line().map(l -> ", a line per " + l).orElse("");
        title = title.substring(0, 1).toUpperCase(java.util.Locale.ROOT) + title.substring(1);
        if (t.factors().contains(FigureTable.PAIR) && t.levelsOf(FigureTable.PAIR).size() == 1) {
            title += " (" + t.levelsOf(FigureTable.PAIR).get(0) + ")";
        }
        List<String> notes = new ArrayList<>();
        boolean intervals = stats.stream().anyMatch(s -> t.rows().stream().anyMatch(r -> r.interval(s) != null));
        if (intervals) {
            notes.add(spec.kind() == FigureSpec.Kind.SPEEDUP ? "Band: 95% interval; S > 1: the treatment is faster."
                    : spec.kind() == FigureSpec.Kind.IMPROVEMENT ? "Error bars: 95% interval."
                    : "Error bars: 95% interval (" + (stats.stream().anyMatch(s -> s.matches("(success_)?(median|p\\d\\d)_ms"))
                            ? PercentileIntervals.METHOD : "from summary.csv") + "), cut at 0 where it would reach below.");
        }
        if (cut > 0) {
            notes.add(ClippedRange.note(cut, highestCut, cutMillis ? " ms" : ""));
        }
        if (combos.size() > 1) {
            notes.add(anyFree ? "Each panel has its own y scale (figure --scales shared for one)."
                    : "Same y scale in every panel" + (stats.size() > 1 ? " of a row" : "") + ".");
        }
        notes.add("Source: " + t.file().getFileName() + ".");
        return new Grid(title, String.join(" ", notes), panels, columns);
    }

    /**
     * The y ranges of one statistic's panels: one shared range, or each panel its own when the style
     * asks (free) or, by default, when the panels' largest values differ more than
     * {@link FigureStyle.Scales#FREE_ABOVE} times (one panel at 35 000 ms flattens another at 750).
     */
    private record Scale(Range shared, Map<List<String>, Range> own, boolean free, int cut, double highestCut) {
        static Scale of(FigureTable t, String stat, FigureSpec spec, List<List<String>> combos) {
            boolean log = spec.style().logY();
            ClippedRange shared = range(t.rows(), stat, spec.kind(), log);
            Map<List<String>, ClippedRange> own = new HashMap<>();
            double low = Double.POSITIVE_INFINITY;
            double high = 0;
            for (List<String> c : combos) {
                ClippedRange r = range(rowsOf(t, spec.panels(), c), stat, spec.kind(), log);
                own.put(c, r);
                low = Math.min(low, r.range().getUpperBound());
                high = Math.max(high, r.range().getUpperBound());
            }
            boolean free = switch (spec.style().scales()) {
                case FREE -> combos.size() > 1;
                case SHARED -> false;
                case AUTO -> combos.size() > 1 && low > 0 && high / low > FigureStyle.Scales.FREE_ABOVE
                        && !stat.equals(ReportColumn.ERROR_PCT.id());
            };
            Map<List<String>, Range> ranges = new HashMap<>();
            own.forEach((c, r) -> ranges.put(c, r.range()));
            // The bars cut as drawn: by the shared axis, or by each panel's own.
            int cut = free ? own.values().stream().mapToInt(ClippedRange::cut).sum() : shared.cut();
            double highest = free ? own.values().stream().mapToDouble(ClippedRange::highestCut).filter(Double::isFinite).max()
                    .orElse(Double.NaN) : shared.highestCut();
            return new Scale(shared.range(), ranges, free, cut, highest);
        }

        Range forPanel(List<String> combo) {
            return free ? own.get(combo) : shared;
        }
    }

    /** S0: a column per level of the second panel factor (intervals), a row per first (operations). */
    private static int gridColumns(FigureTable t, List<String> panelFactors, int panels) {
        if (panelFactors.size() >= 2) {
            int columns = 1;
            for (String f : panelFactors.subList(1, panelFactors.size())) {
                columns *= t.levelsOf(f).size();
            }
            return columns <= 6 ? columns : 4;
        }
        return panels <= 4 ? panels : (int) Math.ceil(Math.sqrt(panels));
    }

    private PanelGrid.Panel panel(FigureTable t, FigureSpec spec, String stat, List<String> combo,
            List<String> lineLevels, List<Double> xLevels, Range y) {
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        Map<String, YIntervalSeries> series = new LinkedHashMap<>();
        if (lineLevels.isEmpty()) {
            series.put("", new YIntervalSeries(FigureSpec.axisLabel(stat), true, false));
        }
        for (String level : lineLevels) {
            series.put(level, new YIntervalSeries(spec.line().get() + " = " + level, true, false));
        }
        series.values().forEach(data::addSeries);
        boolean anyInterval = false;
        // Response times, rates and shares cannot fall below 0, nor an interval of them (nor below the log axis).
        double floor = spec.kind() == FigureSpec.Kind.IMPROVEMENT ? Double.NEGATIVE_INFINITY
                : spec.style().logY() ? y.getLowerBound() / 1.3 : 0;
        for (FigureTable.Row r : rowsOf(t, spec.panels(), combo)) {
            double x = Levels.number(r.levels().get(t.factorIndex(spec.x())));
            double v = r.value(stat);
            if (Double.isNaN(x) || !Double.isFinite(v) || r.value(ReportColumn.SAMPLES.id()) == 0) {
                continue;
            }
            double[] ci = r.interval(stat);
            anyInterval |= ci != null;
            String key = spec.line().map(l -> r.levels().get(t.factorIndex(l))).orElse("");
            series.get(key).add(x, v, ci == null ? v : Math.max(floor, ci[0]), ci == null ? v : ci[1]);
        }
        ValueAxis xAxis = Axes.forLevels(spec.x(), xLevels, spec.style().logX());
        ValueAxis yAxis;
        if (spec.style().logY()) {
            yAxis = Axes.logValues(FigureSpec.axisLabel(stat), y.getLowerBound(), y.getUpperBound());
        } else {
            NumberAxis numbers = Axes.number(FigureSpec.axisLabel(stat), FigureSpec.countColumn(stat));
            numbers.setRange(y);
            yAxis = numbers;
        }
        XYPlot plot = new XYPlot(data, xAxis, yAxis, renderer(spec.kind(), anyInterval));
        ChartSaver.style(plot, spec.style());
        if (spec.kind() == FigureSpec.Kind.SPEEDUP || spec.kind() == FigureSpec.Kind.IMPROVEMENT) {
            ValueMarker even = new ValueMarker(spec.kind() == FigureSpec.Kind.SPEEDUP ? 1 : 0);
            even.setPaint(Color.DARK_GRAY);
            even.setStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 1f, new float[] {4f, 4f}, 0f));
            plot.addRangeMarker(even);
        }
        if (plot.getRenderer() instanceof DeviationRenderer band) {
            // The band is the series fill paint: left to the default it is white on white.
            for (int s = 0; s < data.getSeriesCount(); s++) {
                band.setSeriesFillPaint(s, spec.style().palette().colour(s));
            }
        }
        if (plot.getRenderer() instanceof XYErrorRenderer bars) {
            bars.setErrorPaint(null); // each bar in its series' colour
            bars.setErrorStroke(new BasicStroke((float) spec.style().scale()));
        }
        return new PanelGrid.Panel(panelTitle(spec.panels(), combo), plot);
    }

    private static XYItemRenderer renderer(FigureSpec.Kind kind, boolean intervals) {
        if (kind == FigureSpec.Kind.SPEEDUP && intervals) {
            DeviationRenderer band = new DeviationRenderer(true, true);
            band.setAlpha(0.25f);
            return band;
        }
        if (intervals) {
            XYErrorRenderer bars = new XYErrorRenderer();
            bars.setDrawXError(false);
            bars.setDefaultLinesVisible(true);
            bars.setCapLength(5);
            return bars;
        }
        return new XYLineAndShapeRenderer(true, true);
    }

    /** S0 stress: the error rate on a second y axis at the right, dashed, with a marker of its own. */
    private void addErrorAxis(XYPlot plot, FigureTable t, FigureSpec spec, List<String> combo, Range range) {
        YIntervalSeries errors = new YIntervalSeries("errors (% of samples)", true, false);
        for (FigureTable.Row r : rowsOf(t, spec.panels(), combo)) {
            double x = Levels.number(r.levels().get(t.factorIndex(spec.x())));
            double e = r.value(ReportColumn.ERROR_PCT.id());
            if (!Double.isNaN(x) && !Double.isNaN(e)) {
                errors.add(x, e, e, e);
            }
        }
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        data.addSeries(errors);
        NumberAxis right = Axes.number("errors (% of samples)", false);
        right.setRange(range);
        plot.setRangeAxis(1, right);
        plot.setDataset(1, data);
        plot.mapDatasetToRangeAxis(1, 1);
        XYLineAndShapeRenderer line = new XYLineAndShapeRenderer(true, true);
        plot.setRenderer(1, line);
        ChartSaver.style(plot, spec.style());
        line.setSeriesPaint(0, spec.style().palette().colour(1));
        line.setSeriesStroke(0, new BasicStroke((float) (2 * spec.style().scale()), BasicStroke.CAP_BUTT,
                BasicStroke.JOIN_MITER, 1f, new float[] {6f, 4f}, 0f));
    }

    /**
     * S3: a statistic per label as horizontal bars (statements of a transaction, or labels of a plan).
     * labels.csv pools each label over every cell, so the report draws it only for a one-cell study.
     */
    private void statements(FigureTable t, List<String> stats, int width, int height, String baseName, FigureStyle style)
            throws IOException {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (FigureTable.Row r : t.rows()) {
            for (String stat : stats) {
                double v = r.value(stat);
                if (Double.isFinite(v)) {
                    data.addValue(v, FigureSpec.axisLabel(stat), r.name());
                }
            }
        }
        String title = style.title() != null ? style.title()
                : "Per statement (label): " + String.join(", ", stats.stream().map(FigureSpec::axisLabel).toList());
        JFreeChart chart = ChartFactory.createBarChart(title, "label", "ms", data, PlotOrientation.HORIZONTAL,
                style.legend() != FigureStyle.Legend.NONE, false, false);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(new Color(0xdddddd));
        NumberAxis value = Axes.number("response time (ms)", false);
        double max = stats.stream().mapToDouble(s -> max(t, s)).max().orElse(Double.NaN);
        value.setRange(Axes.valueRange(0, max));
        value.setLabelFont(style.labelFont());
        value.setTickLabelFont(style.tickFont());
        plot.setRangeAxis(value);
        plot.setRangeAxisLocation(org.jfree.chart.axis.AxisLocation.BOTTOM_OR_RIGHT);
        plot.getDomainAxis().setLabelFont(style.labelFont());
        plot.getDomainAxis().setTickLabelFont(style.tickFont());
        plot.getDomainAxis().setMaximumCategoryLabelWidthRatio(0.35f);
        chart.getTitle().setFont(style.titleFont());
        if (chart.getLegend() != null) {
            chart.getLegend().setItemFont(style.tickFont());
            chart.getLegend().setPosition(switch (style.legend()) {
                case TOP -> org.jfree.chart.ui.RectangleEdge.TOP;
                case RIGHT -> org.jfree.chart.ui.RectangleEdge.RIGHT;
                default -> org.jfree.chart.ui.RectangleEdge.BOTTOM;
            });
        }
        BarRenderer bars = (BarRenderer) plot.getRenderer();
        bars.setBarPainter(new StandardBarPainter());
        bars.setShadowVisible(false);
        for (int s = 0; s < stats.size(); s++) {
            bars.setSeriesPaint(s, style.palette().colour(s));
        }
        double scale = style.scale();
        int h = height > 0 ? height : (int) Math.round(scale * Math.max(320, 140 + 26 * t.rows().size() * Math.max(1, stats.size()) / 2));
        String caption = "Source: " + t.file().getFileName() + (t.rows().stream().map(FigureTable.Row::name).distinct().count()
                < t.rows().size() ? "" : "") + "; each label pooled over every cell that has it.";
        saver.save(chart, baseName, title, caption, SECTION, width > 0 ? width : (int) Math.round(scale * ChartSaver.WIDTH), h);
    }

    /** Ratio spread beyond which a speedup figure gets a logarithmic y axis. */
    static final double WIDE = 20;

    /** Whether the positive values and interval ends of a ratio column span more than {@link #WIDE} times. */
    private static boolean wide(FigureTable t, String stat) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = 0;
        for (FigureTable.Row r : t.rows()) {
            double[] ci = r.interval(stat);
            for (double v : ci == null ? new double[] {r.value(stat)} : new double[] {r.value(stat), ci[0], ci[1]}) {
                if (v > 0 && Double.isFinite(v)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        return hi / lo > WIDE;
    }

    /**
     * A y range over the rows' values and interval ends (cut at 0 as drawn); for a log axis from the least value.
     * On a linear axis of response times or rates a bar far above the points is cut ({@link ClippedRange}).
     */
    private static ClippedRange range(List<FigureTable.Row> rows, String stat, FigureSpec.Kind kind, boolean log) {
        if (log) {
            double least = rows.stream().mapToDouble(r -> {
                double[] ci = r.interval(stat);
                return ci != null && ci[0] > 0 ? Math.min(ci[0], r.value(stat)) : r.value(stat);
            }).filter(v -> v > 0).min().orElse(1);
            double most = rows.stream().mapToDouble(r -> {
                double[] ci = r.interval(stat);
                return ci != null && Double.isFinite(ci[1]) ? Math.max(ci[1], r.value(stat)) : r.value(stat);
            }).filter(v -> v > 0).max().orElse(least * 10);
            return new ClippedRange(new Range(least, Math.max(most, least * 1.01)), 0, Double.NaN);
        }
        List<double[]> points = new ArrayList<>();
        for (FigureTable.Row r : rows) {
            double v = r.value(stat);
            if (!Double.isFinite(v) || r.value(ReportColumn.SAMPLES.id()) == 0) {
                continue;
            }
            double[] ci = r.interval(stat);
            double lo = ci == null || !Double.isFinite(ci[0]) ? Double.NaN
                    : kind == FigureSpec.Kind.IMPROVEMENT ? ci[0] : Math.max(0, ci[0]);
            double hi = ci == null || !Double.isFinite(ci[1]) ? Double.NaN : ci[1];
            points.add(new double[] {v, lo, hi});
        }
        if (kind == FigureSpec.Kind.IMPROVEMENT && !points.isEmpty()) {
            points.add(new double[] {0, Double.NaN, Double.NaN}); // the zero line stays in view
        }
        if (stat.equals(ReportColumn.ERROR_PCT.id())) {
            double most = points.stream().mapToDouble(p -> Double.isFinite(p[2]) ? Math.max(p[0], p[2]) : p[0]).max()
                    .orElse(Double.NaN);
            return new ClippedRange(Axes.percentRange(most), 0, Double.NaN);
        }
        return ClippedRange.of(points, kind == FigureSpec.Kind.LINES || kind == FigureSpec.Kind.STRESS);
    }

    private static double max(FigureTable t, String column) {
        return t.rows().stream().mapToDouble(r -> r.value(column)).filter(Double::isFinite).max().orElse(Double.NaN);
    }

    /** Every combination of the panel factors' levels that has rows, in level order. */
    public static List<List<String>> combinations(FigureTable t, List<String> factors) {
        List<List<String>> combos = new ArrayList<>();
        combos.add(List.of());
        for (String f : factors) {
            List<List<String>> next = new ArrayList<>();
            for (List<String> c : combos) {
                for (String level : t.levelsOf(f)) {
                    List<String> longer = new ArrayList<>(c);
                    longer.add(level);
                    next.add(longer);
                }
            }
            combos = next;
        }
        return combos.stream().filter(c -> !rowsOf(t, factors, c).isEmpty()).toList();
    }

    private static List<FigureTable.Row> rowsOf(FigureTable t, List<String> factors, List<String> combo) {
        List<FigureTable.Row> rows = new ArrayList<>();
        for (FigureTable.Row r : t.rows()) {
            boolean match = true;
            for (int i = 0; i < factors.size() && match; i++) {
                match = r.levels().get(t.factorIndex(factors.get(i))).equals(combo.get(i));
            }
            if (match) {
                rows.add(r);
            }
        }
        return rows;
    }

    private static String panelTitle(List<String> factors, List<String> combo) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < factors.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(factors.get(i)).append(" = ").append(combo.get(i));
        }
        return s.toString();
    }
}
