package org.dbstudy.analysis.report.figures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.SampleLabels;
import org.dbstudy.analysis.cells.Levels;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.CsvFiles;
import org.dbstudy.vocabulary.files.ReportFiles;

/**
 * What figures are drawn from: a report directory's CSV files read back by column name, never the
 * JTLs. Rows of factor levels and numbers: {@code summary.csv} (one row per cell; the factors are
 * the columns between {@code cell} and {@code samples}) with the intervals of
 * {@code percentile-intervals.csv} or of {@code <column>_ci95_low/_high} columns where present;
 * {@code speedup.csv} as rows of the other factors plus the compared pair; {@code labels.csv}.
 */
public final class FigureTable {
    public static final String SUMMARY = ReportFiles.SUMMARY;
    public static final String SPEEDUP = ReportFiles.SPEEDUP;
    public static final String LABELS = ReportFiles.LABELS;
    /** The factor of speedup rows that tells the compared pair apart ("mariadb vs mysql"). */
    public static final String PAIR = "pair";

    /** One row: its name, a level per factor, numbers by column, 95 % intervals by column. */
    public record Row(String name, List<String> levels, Map<String, Double> values, Map<String, double[]> intervals) {
        double value(String column) {
            return values.getOrDefault(column, Double.NaN);
        }

        /** {low, high} or null. */
        double[] interval(String column) {
            return intervals.get(column);
        }
    }

    private final Path file;
    private final List<String> factors;
    private final List<String> columns;
    private final List<Row> rows;

    public FigureTable(Path file, List<String> factors, List<String> columns, List<Row> rows) {
        this.file = file;
        this.factors = List.copyOf(factors);
        this.columns = List.copyOf(columns);
        this.rows = List.copyOf(rows);
    }

    public Path file() {
        return file;
    }

    public List<String> factors() {
        return factors;
    }

    /** Numeric columns that can be plotted. */
    public List<String> columns() {
        return columns;
    }

    public List<Row> rows() {
        return rows;
    }

    public int factorIndex(String factor) {
        return factors.indexOf(factor);
    }

    /** A factor's levels in order of first appearance. */
    public List<String> levelsOf(String factor) {
        int f = factors.indexOf(factor);
        Set<String> levels = new LinkedHashSet<>();
        rows.forEach(r -> levels.add(r.levels().get(f)));
        return List.copyOf(levels);
    }

    /** Every level parses as a number. */
    public boolean numeric(String factor) {
        return levelsOf(factor).stream().noneMatch(l -> Double.isNaN(Levels.number(l)));
    }

    /** summary.csv of a report directory, with the percentile intervals beside it when written. */
    public static FigureTable summary(Path dir) throws IOException, AnalysisInputException {
        CsvTable csv = CsvFiles.read(dir.resolve(SUMMARY), "cell", "samples");
        List<String> factors = csv.header().subList(1, csv.column("samples"));
        Map<String, Map<String, double[]>> intervals = PercentileIntervals.read(dir.resolve(PercentileIntervals.FILE));
        return table(csv, factors, "cell", intervals);
    }

    /** speedup.csv rows of one metric: factors = the other factors + {@link #PAIR}; columns speedup, improvement_pct. */
    public static FigureTable speedups(Path dir, String metric) throws IOException, AnalysisInputException {
        CsvTable csv = CsvFiles.read(dir.resolve(SPEEDUP), "treatment", "treatment_cell", "metric", "speedup",
                "ci95_low", "ci95_high");
        List<String> factors = new ArrayList<>(csv.header().subList(csv.column("treatment_cell") + 1, csv.column("metric")));
        factors.add(PAIR);
        List<Row> rows = new ArrayList<>();
        for (CsvTable.Row row : csv.rows()) {
            if (!field(csv, row, "metric").equals(metric)) {
                continue;
            }
            List<String> levels = new ArrayList<>(row.fields().subList(csv.column("treatment_cell") + 1, csv.column("metric")));
            levels.add(field(csv, row, "treatment") + " vs " + field(csv, row, "baseline") + " on " + metric);
            double s = Levels.number(field(csv, row, "speedup"));
            double[] ci = {Levels.number(field(csv, row, "ci95_low")), Levels.number(field(csv, row, "ci95_high"))};
            Map<String, Double> values = Map.of("speedup", s, "improvement_pct", (s - 1) * 100);
            Map<String, double[]> intervals = Map.of("speedup", ci,
                    "improvement_pct", new double[] {(ci[0] - 1) * 100, (ci[1] - 1) * 100});
            rows.add(new Row(field(csv, row, "treatment_cell"), levels, values, intervals));
        }
        return new FigureTable(csv.file(), factors, List.of("speedup", "improvement_pct"), rows);
    }

    /** labels.csv without setUp labels: factor label, the statistic columns. */
    public static FigureTable labels(Path dir) throws IOException, AnalysisInputException {
        CsvTable csv = CsvFiles.read(dir.resolve(LABELS), "label", "samples");
        FigureTable all = table(csv, List.of("label"), "label", Map.of());
        List<Row> workload = all.rows.stream().filter(r -> !SampleLabels.isNotWorkload(r.name())).toList();
        return new FigureTable(all.file, all.factors, all.columns, workload);
    }

    public static boolean exists(Path dir, String name) {
        return Files.isRegularFile(dir.resolve(name));
    }

    private static FigureTable table(CsvTable csv, List<String> factors, String nameColumn,
            Map<String, Map<String, double[]>> extraIntervals) {
        int firstStat = csv.column("samples");
        List<String> columns = new ArrayList<>();
        for (String c : csv.header().subList(firstStat, csv.header().size())) {
            if (!c.endsWith("_ci95_low") && !c.endsWith("_ci95_high")) {
                columns.add(c);
            }
        }
        List<Row> rows = new ArrayList<>();
        for (CsvTable.Row row : csv.rows()) {
            List<String> levels = new ArrayList<>();
            factors.forEach(f -> levels.add(field(csv, row, f)));
            Map<String, Double> values = new HashMap<>();
            Map<String, double[]> intervals = new HashMap<>();
            String name = field(csv, row, nameColumn);
            for (String c : columns) {
                values.put(c, Levels.number(field(csv, row, c)));
                double[] ci = columnInterval(csv, row, c);
                if (ci == null) {
                    ci = extraIntervals.getOrDefault(name, Map.of()).get(c);
                }
                if (ci != null) {
                    intervals.put(c, ci);
                }
            }
            rows.add(new Row(name, levels, values, intervals));
        }
        return new FigureTable(csv.file(), factors, columns, rows);
    }

    /**
     * {@code mean_ms_ci95_low} or {@code mean_ci95_low} (and high) when summary.csv has them. The mean's
     * interval is that of the analysed samples ({@code analysed_samples}): it belongs to
     * {@code success_mean_ms} when those are the successful samples, to {@code mean_ms} otherwise.
     */
    private static double[] columnInterval(CsvTable csv, CsvTable.Row row, String column) {
        boolean successAnalysed = "success".equals(row.get("analysed_samples"));
        String own = successAnalysed ? column.replaceFirst("^success_", "") : column;
        if (successAnalysed == column.equals(own)) {
            return null; // an interval of the other sample set
        }
        for (String base : List.of(own, own.replaceFirst("_ms$", ""))) {
            int low = csv.column(base + "_ci95_low");
            int high = csv.column(base + "_ci95_high");
            if (low >= 0 && high >= 0) {
                double[] ci = {Levels.number(row.fields().get(low)), Levels.number(row.fields().get(high))};
                return Double.isNaN(ci[0]) || Double.isNaN(ci[1]) ? null : ci;
            }
        }
        return null;
    }

    private static String field(CsvTable csv, CsvTable.Row row, String column) {
        return row.fields().get(csv.column(column));
    }
}
