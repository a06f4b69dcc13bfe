package org.dbstudy.analysis.report.figures;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.dbstudy.analysis.cells.Levels;
import org.dbstudy.vocabulary.files.ReportColumn;

/**
 * One figure to draw: its kind, the statistics (summary.csv columns; several become stacked rows
 * of panels), the numeric factor on x, the factor drawn as lines and the factors that make
 * panels. {@link #choose} picks x, lines and panels from any study's factors, so a new study gets
 * a sensible figure: x = a users-like or else the first numeric factor, lines = the compared
 * factor (target) or else the factor with most levels, panels = the rest.
 */
public record FigureSpec(Kind kind, List<String> statistics, String x, Optional<String> line, List<String> panels,
                  int width, int height, FigureStyle style) {

    /** What a figure shows. */
    public enum Kind {
        /** A statistic vs x, a line per level, a panel per combination (S0, S1, S2's 90 % line). */
        LINES,
        /** A statistic and the error rate on two y axes vs x (S0 stress). */
        STRESS,
        /** S = T(baseline)/T(treatment) vs x with its 95 % band (S2). */
        SPEEDUP,
        /** (S - 1) x 100 % vs x with 95 % error bars (S4). */
        IMPROVEMENT,
        /** A statistic per label, e.g. per statement (S3). */
        STATEMENTS;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static List<String> ids() {
            return java.util.Arrays.stream(values()).map(Kind::id).toList();
        }
    }

    public FigureSpec {
        statistics = List.copyOf(statistics);
        panels = List.copyOf(panels);
    }

    public FigureSpec withStatistics(List<String> stats) {
        return new FigureSpec(kind, stats, x, line, panels, width, height, style);
    }

    public FigureSpec withStyle(FigureStyle s) {
        return new FigureSpec(kind, statistics, x, line, panels, width, height, s);
    }

    public FigureSpec withKind(Kind k) {
        if (k == Kind.STRESS && line.isPresent()) {
            // Two y axes leave no room for lines: each line level becomes panels of its own.
            List<String> more = new ArrayList<>(panels);
            more.add(line.get());
            return new FigureSpec(k, statistics, x, Optional.empty(), more, width, height, style);
        }
        return new FigureSpec(k, statistics, x, line, panels, width, height, style);
    }

    /** Factors with more than one level: only they need an axis, a line or a panel. */
    public static List<String> varying(FigureTable t) {
        return t.factors().stream().filter(f -> t.levelsOf(f).size() > 1).toList();
    }

    /**
     * x, line and panels for the table, keeping what the caller fixed (null = choose). Empty
     * when no factor can be the x axis (no numeric factor with two levels or more).
     */
    public static Optional<FigureSpec> choose(FigureTable t, Kind kind, List<String> stats, String x, String line,
            List<String> panels, String preferredLine, int width, int height) {
        List<String> varying = varying(t);
        if (x == null) {
            List<String> numeric = varying.stream().filter(t::numeric).toList();
            x = Levels.USERS_LIKE.stream().filter(numeric::contains).findFirst()
                    .orElse(numeric.isEmpty() ? null : numeric.get(0));
            if (x == null) {
                return Optional.empty();
            }
        }
        List<String> rest = new ArrayList<>(varying);
        rest.remove(x);
        if (panels != null) {
            rest.removeAll(panels);
        }
        if (line == null && !rest.isEmpty()) {
            line = preferredLine != null && rest.contains(preferredLine) ? preferredLine
                    : rest.stream().max(Comparator.comparingInt((String f) -> t.levelsOf(f).size())
                            .thenComparingInt(rest::indexOf)).get();
        }
        rest.remove(line);
        List<String> p = panels != null ? panels : rest;
        return Optional.of(new FigureSpec(kind, stats, x, Optional.ofNullable(line), p, width, height, FigureStyle.DEFAULT));
    }

    /** Human axis text for a summary.csv column (the report column's), or speedup.csv's metrics. */
    public static String axisLabel(String column) {
        return switch (column) {
            case "speedup" -> "speedup S = T(baseline) / T(treatment)";
            case "improvement_pct" -> "improvement (S - 1) x 100 (%)";
            default -> ReportColumn.byId(column).map(ReportColumn::axis).orElse(column);
        };
    }

    /** Columns that count things: whole-number ticks. */
    public static boolean countColumn(String column) {
        return column.startsWith("errors_")
                || ReportColumn.byId(column).filter(c -> c.unit() == ReportColumn.Unit.COUNT).isPresent();
    }
}
