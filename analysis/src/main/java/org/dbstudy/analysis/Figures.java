package org.dbstudy.analysis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.dbstudy.vocabulary.CsvTable;
import org.dbstudy.analysis.cells.Levels;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.CsvFiles;
import org.dbstudy.analysis.report.ChartSaver;
import org.dbstudy.analysis.report.FactorCharts;
import org.dbstudy.analysis.report.FigureOptionException;
import org.dbstudy.analysis.report.FigureSpec;
import org.dbstudy.analysis.report.FigureTable;
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
                          Path outDir, String name) {
    }

    /** Draws the figure and returns the files written. */
    public static List<Path> draw(Request q) throws IOException, AnalysisInputException, FigureOptionException {
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
                stats = stats.isEmpty() ? List.of("mean_ms", "p90_ms") : stats;
            }
            default -> {
                table = FigureTable.summary(dir);
                columns = table.columns();
                // The analysed samples' mean: successful samples when summary.csv says so (analysed_samples).
                stats = !stats.isEmpty() ? stats : List.of(FactorCharts.successAnalysed(dir) ? "success_mean_ms" : "mean_ms");
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
        FigureSpec spec;
        if (kind == FigureSpec.Kind.STATEMENTS) {
            spec = new FigureSpec(kind, stats, null, Optional.empty(), List.of(), q.width(), q.height());
        } else {
            spec = layout(table, kind, stats, q);
        }
        Path out = q.outDir() == null ? dir : q.outDir();
        Files.createDirectories(out);
        String name = q.name() == null || q.name().isBlank()
                ? "figure-" + kind.id() + "-" + Levels.slug(String.join("-", stats)) : q.name();
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw new FigureOptionException("--name", "'" + name + "': use letters, digits, '.', '_' and '-' only");
        }
        ChartSaver saver = new ChartSaver(out, formats);
        new FactorCharts(dir, saver).draw(table, spec, name);
        List<Path> files = new ArrayList<>();
        saver.written().forEach(c -> c.files().forEach(f -> files.add(out.resolve(f))));
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
            spec = new FigureSpec(kind, stats, spec.x(), Optional.empty(), p, q.width(), q.height());
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
