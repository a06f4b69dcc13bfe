package org.dbstudy.analysis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import org.dbstudy.vocabulary.files.ReportColumn;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.analysis.cells.Levels;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.CsvFiles;
import org.dbstudy.analysis.report.figures.Captions;
import org.dbstudy.analysis.report.figures.ChartFile;
import org.dbstudy.analysis.report.figures.ChartSaver;
import org.dbstudy.analysis.report.figures.FactorCharts;
import org.dbstudy.analysis.report.figures.FigureOptionException;
import org.dbstudy.analysis.report.figures.FigureSpec;
import org.dbstudy.analysis.report.figures.FigureStyle;
import org.dbstudy.analysis.report.format.Fmt;
import org.dbstudy.analysis.report.figures.Palette;
import org.dbstudy.analysis.report.figures.FigureTable;
import org.dbstudy.analysis.statistics.Comparison;

/**
 * Re-draws one figure from an existing report directory (summary.csv, speedup.csv, labels.csv,
 * percentile-intervals.csv; never the JTLs) with a chosen kind, statistic, factors on x, lines
 * and panels, size and formats. Every choice is checked against what the files hold, and a bad
 * one names its option and the valid values.
 */
public final class Figures {
    private Figures() {
    }

    /**
     * What to draw. Null or empty fields are chosen as the report does.
     *
     * @param kind       lines, stress, speedup, improvement or statements
     * @param statistics summary.csv (or labels.csv) columns; for speedup and improvement the metric of speedup.csv
     * @param x          numeric factor on the x axis
     * @param line       factor drawn as lines, or "none"
     * @param panels     factors that make panels ("none" for one panel)
     * @param where      factor=level filters, for factors left out of the figure
     * @param formats    png, svg, pdf
     */
    public record Request(Path reportDir, String kind, List<String> statistics, String x, String line,
                          List<String> panels, List<String> where, int width, int height, List<String> formats,
                          Path outDir, String name, Look look) {
        public Request(Path reportDir, String kind, List<String> statistics, String x, String line, List<String> panels,
                List<String> where, int width, int height, List<String> formats, Path outDir, String name) {
            this(reportDir, kind, statistics, x, line, panels, where, width, height, formats, outDir, name, Look.DEFAULT);
        }
    }

    /**
     * How the figure looks, as typed; null fields keep the report's choice.
     *
     * @param fontSize points, 6-40
     * @param log      axes drawn logarithmic: x, y, both, or "none" (x is chosen by the levels' span otherwise)
     * @param palette  colour-blind (Okabe-Ito) or grey
     * @param legend   bottom, top, right or none
     * @param scales   shared, free or auto
     */
    public record Look(String title, Float fontSize, List<String> log, String palette, String legend, String scales) {
        public static final Look DEFAULT = new Look(null, null, null, null, null, null);
    }

    /** Draws the figure and returns the files written. */
    public static List<Path> draw(Request q) throws IOException, AnalysisInputException, FigureOptionException {
        return draw(q, null);
    }

    /** The same, each figure also handed to {@code inspector} (null: none) as it is saved. */
    public static List<Path> draw(Request q, ChartSaver.Inspector inspector)
            throws IOException, AnalysisInputException, FigureOptionException {
        Path dir = q.reportDir();
        if (!FigureTable.exists(dir, FigureTable.SUMMARY)) {
            throw new FigureOptionException("REPORT_DIR", dir + " has no " + FigureTable.SUMMARY
                    + "; give the report directory of 'dbstudy analyze' (--out) or of 'dbstudy run' (OUT/report)");
        }
        FigureSpec.Kind kind = kind(q.kind());
        Set<ChartSaver.Format> formats = formats(q.formats());
        if (!size(q.width(), 200) || !size(q.height(), 150)) {
            throw new FigureOptionException("--size", q.width() + "x" + q.height()
                    + ": give WIDTHxHEIGHT in pixels, width 200-10000, height 150-10000, 0 for either: from the panels");
        }
        List<String> stats = q.statistics() == null ? List.of() : q.statistics();
        FigureTable table;
        List<String> columns;
        switch (kind) {
            case SPEEDUP, IMPROVEMENT -> {
                List<String> metrics = speedupMetrics(dir);
                String metric = stats.isEmpty() ? "p90" : stats.get(0);
                if (stats.size() > 1 || !metrics.contains(metric)) {
                    throw new FigureOptionException("--stat", String.join(",", stats) + ": give one metric of "
                            + FigureTable.SPEEDUP + ": " + metrics);
                }
                table = FigureTable.speedups(dir, metric);
                stats = List.of(kind == FigureSpec.Kind.SPEEDUP ? "speedup" : "improvement_pct");
                columns = stats;
            }
            case STATEMENTS -> {
                table = FigureTable.labels(dir);
                columns = table.columns();
                stats = stats.isEmpty() ? List.of(ReportColumn.MEAN_MS.id(), ReportColumn.P90_MS.id()) : stats;
            }
            default -> {
                table = FigureTable.summary(dir);
                columns = table.columns();
                // The analysed samples' mean: successful samples when summary.csv says so (analysed_samples).
                stats = !stats.isEmpty() ? stats : List.of((FactorCharts.successAnalysed(dir) ? ReportColumn.SUCCESS_MEAN_MS
                        : ReportColumn.MEAN_MS).id());
            }
        }
        for (String s : stats) {
            if (!columns.contains(s)) {
                throw new FigureOptionException("--stat", "'" + s + "' is not a column of " + table.file().getFileName()
                        + "; valid: " + String.join(", ", columns));
            }
        }
        if (kind == FigureSpec.Kind.STRESS && stats.size() > 1) {
            throw new FigureOptionException("--stat", "stress draws one statistic beside the error rate; give one of "
                    + String.join(", ", columns));
        }
        table = filtered(table, q.where());
        FigureStyle style = style(q.look() == null ? Look.DEFAULT : q.look());
        FigureSpec spec;
        if (kind == FigureSpec.Kind.STATEMENTS) {
            spec = new FigureSpec(kind, stats, null, Optional.empty(), List.of(), q.width(), q.height(), style);
        } else {
            spec = layout(table, kind, stats, q).withStyle(style);
        }
        Path out = q.outDir() == null ? dir : q.outDir();
        Files.createDirectories(out);
        String name = q.name() == null || q.name().isBlank()
                ? "figure-" + kind.id() + "-" + Levels.slug(String.join("-", stats)) : q.name();
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw new FigureOptionException("--name", "'" + name + "': use letters, digits, '.', '_' and '-' only");
        }
        ChartSaver saver = new ChartSaver(out, formats).inspectedBy(inspector);
        new FactorCharts(dir, saver).draw(table, spec, name);
        List<ChartFile> written = saver.written();
        Captions.write(out, written);
        List<Path> files = new ArrayList<>();
        written.forEach(c -> c.files().forEach(f -> files.add(out.resolve(f))));
        return files;
    }

    private static FigureSpec layout(FigureTable t, FigureSpec.Kind kind, List<String> stats, Request q)
            throws FigureOptionException {
        List<String> factors = t.factors();
        List<String> numeric = factors.stream().filter(t::numeric).toList();
        String x = q.x();
        if (x != null && !numeric.contains(x)) {
            throw new FigureOptionException("--x", "'" + x + "' is not a numeric factor of " + t.file().getFileName()
                    + "; valid: " + String.join(", ", numeric));
        }
        String line = q.line();
        boolean noLine = "none".equals(line);
        if (line != null && !noLine && !factors.contains(line)) {
            throw new FigureOptionException("--line", "'" + line + "' is not a factor; valid: " + String.join(", ", factors)
                    + ", none");
        }
        List<String> panels = q.panels() == null || q.panels().isEmpty() ? null
                : q.panels().equals(List.of("none")) ? List.of() : q.panels();
        if (panels != null) {
            for (String p : panels) {
                if (!factors.contains(p)) {
                    throw new FigureOptionException("--panel", "'" + p + "' is not a factor; valid: "
                            + String.join(", ", factors) + ", none");
                }
            }
        }
        Optional<FigureSpec> chosen = FigureSpec.choose(t, kind, stats, x, noLine ? null : line, panels,
                kind == FigureSpec.Kind.SPEEDUP || kind == FigureSpec.Kind.IMPROVEMENT ? FigureTable.PAIR : Comparison.TARGET,
                q.width(), q.height());
        if (chosen.isEmpty()) {
            throw new FigureOptionException("--x", "no factor of " + t.file().getFileName()
                    + " has two or more numeric levels; factors: " + String.join(", ", factors));
        }
        FigureSpec spec = chosen.get();
        if (kind == FigureSpec.Kind.STRESS && spec.line().isPresent()) {
            if (line != null && !noLine) {
                throw new FigureOptionException("--line", "stress draws no lines (two y axes); put '" + line
                        + "' on --panel or fix it with --where");
            }
            spec = spec.withKind(kind);
        }
        if (noLine) {
            List<String> p = new ArrayList<>(spec.panels());
            spec.line().ifPresent(l -> {
                if (panels == null) {
                    p.add(l);
                }
            });
            spec = new FigureSpec(kind, stats, spec.x(), Optional.empty(), p, q.width(), q.height(), FigureStyle.DEFAULT);
        }
        Set<String> used = new HashSet<>();
        List<String> roles = new ArrayList<>(List.of(spec.x()));
        spec.line().ifPresent(roles::add);
        roles.addAll(spec.panels());
        for (String f : roles) {
            if (!used.add(f)) {
                throw new FigureOptionException(spec.panels().contains(f) ? "--panel" : "--line", "'" + f
                        + "' is already on " + (f.equals(spec.x()) ? "--x" : "--line") + "; a factor takes one role");
            }
        }
        for (String f : FigureSpec.varying(t)) {
            if (!used.contains(f)) {
                throw new FigureOptionException("--panel", "factor '" + f + "' has levels " + t.levelsOf(f)
                        + " but is on no axis; add it to --panel or --line, or fix a level with --where " + f + "=LEVEL");
            }
        }
        return spec;
    }

    /** The look asked for, each choice checked. */
    static FigureStyle style(Look look) throws FigureOptionException {
        float size = FigureStyle.DEFAULT_FONT_SIZE;
        if (look.fontSize() != null) {
            size = look.fontSize();
            if (!(size >= 6 && size <= 40)) {
                throw new FigureOptionException("--font-size", look.fontSize() + ": give points from 6 to 40 (default "
                        + Fmt.exact(FigureStyle.DEFAULT_FONT_SIZE) + ")");
            }
        }
        Boolean logX = null;
        boolean logY = false;
        if (look.log() != null) {
            for (String axis : look.log()) {
                switch (axis.trim().toLowerCase(Locale.ROOT)) {
                    case "x" -> logX = true;
                    case "y" -> logY = true;
                    case "xy", "both" -> {
                        logX = true;
                        logY = true;
                    }
                    case "none" -> logX = false;
                    default -> throw new FigureOptionException("--log", "'" + axis + "': give x, y, xy or none");
                }
            }
        }
        Palette palette = Palette.COLOUR_BLIND;
        if (look.palette() != null) {
            palette = Palette.of(look.palette());
            if (palette == null) {
                throw new FigureOptionException("--palette", "'" + look.palette() + "'; valid: " + String.join(", ", Palette.ids()));
            }
        }
        FigureStyle.Legend legend = choice("--legend", look.legend(), FigureStyle.Legend.class, FigureStyle.Legend.BOTTOM,
                FigureStyle.Legend.ids());
        FigureStyle.Scales scales = choice("--scales", look.scales(), FigureStyle.Scales.class, FigureStyle.Scales.AUTO,
                FigureStyle.Scales.ids());
        String title = look.title() == null ? null : look.title().strip(); // "" draws no title
        return new FigureStyle(title, size, logX, logY, palette, legend, scales);
    }

    private static <E extends Enum<E>> E choice(String option, String value, Class<E> type, E otherwise, List<String> ids)
            throws FigureOptionException {
        if (value == null) {
            return otherwise;
        }
        try {
            return Enum.valueOf(type, value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new FigureOptionException(option, "'" + value + "'; valid: " + String.join(", ", ids));
        }
    }

    private static boolean size(int pixels, int least) {
        return pixels == 0 || pixels >= least && pixels <= 10000;
    }

    private static FigureTable filtered(FigureTable t, List<String> where) throws FigureOptionException {
        if (where == null) {
            return t;
        }
        for (String w : where) {
            int eq = w.indexOf('=');
            String factor = eq < 0 ? w : w.substring(0, eq).trim();
            if (eq < 0 || !t.factors().contains(factor)) {
                throw new FigureOptionException("--where", "'" + w + "': give FACTOR=LEVEL with a factor of "
                        + String.join(", ", t.factors()));
            }
            String level = w.substring(eq + 1).trim();
            if (!t.levelsOf(factor).contains(level)) {
                throw new FigureOptionException("--where", "'" + level + "' is not a level of " + factor + "; valid: "
                        + String.join(", ", t.levelsOf(factor)));
            }
            int f = t.factorIndex(factor);
            t = new FigureTable(t.file(), t.factors(), t.columns(),
                    t.rows().stream().filter(r -> r.levels().get(f).equals(level)).toList());
        }
        return t;
    }

    private static List<String> speedupMetrics(Path dir) throws IOException, AnalysisInputException, FigureOptionException {
        if (!FigureTable.exists(dir, FigureTable.SPEEDUP)) {
            throw new FigureOptionException("--kind", "no " + FigureTable.SPEEDUP + " in " + dir + "; speedups need "
                    + "two targets (or a --baseline factor) in the analysed study");
        }
        CsvTable csv = CsvFiles.read(dir.resolve(FigureTable.SPEEDUP), "metric");
        List<String> metrics = csv.rows().stream().map(r -> r.fields().get(csv.column("metric"))).distinct().toList();
        if (metrics.isEmpty()) {
            throw new FigureOptionException("--kind", FigureTable.SPEEDUP + " in " + dir + " has no rows; speedups need "
                    + "two targets (or a --baseline factor) in the analysed study");
        }
        return metrics;
    }

    private static FigureSpec.Kind kind(String kind) throws FigureOptionException {
        String k = kind == null ? "lines" : kind;
        for (FigureSpec.Kind v : FigureSpec.Kind.values()) {
            if (v.id().equals(k)) {
                return v;
            }
        }
        throw new FigureOptionException("--kind", "'" + k + "'; valid: " + String.join(", ", FigureSpec.Kind.ids()));
    }

    private static Set<ChartSaver.Format> formats(List<String> names) throws FigureOptionException {
        if (names == null || names.isEmpty()) {
            return EnumSet.allOf(ChartSaver.Format.class);
        }
        Set<ChartSaver.Format> formats = EnumSet.noneOf(ChartSaver.Format.class);
        for (String n : names) {
            try {
                formats.add(ChartSaver.Format.of(n));
            } catch (IllegalArgumentException e) {
                throw new FigureOptionException("--format", "'" + n + "'; valid: png, svg, pdf");
            }
        }
        return formats;
    }
}
