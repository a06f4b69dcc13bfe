package org.dbstudy.analysis.report.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.vocabulary.files.CsvWriter;
import org.dbstudy.vocabulary.TransactionColumns;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.LabelResult;
import org.dbstudy.analysis.cells.Tally;
import org.dbstudy.analysis.statistics.GroupErrors;
import org.dbstudy.analysis.statistics.Speedup;
import org.dbstudy.analysis.statistics.SpeedupFinder;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.analysis.statistics.TestResult;
import org.dbstudy.analysis.report.format.ColumnFormat;
import org.dbstudy.analysis.report.format.Fmt;
import org.dbstudy.analysis.statistics.ColumnTable;
import org.dbstudy.analysis.statistics.ColumnValue;
import org.dbstudy.vocabulary.files.ReportColumn;
import org.dbstudy.analysis.report.validity.Validity;
import org.dbstudy.vocabulary.files.ReportFiles;

/**
 * Writes summary.csv, tests.csv, speedup.csv, labels.csv, agents.csv and, for studies with labels per
 * cell, cell-labels.csv ({@link TransactionReport}). Every number at full
 * precision ({@link Fmt#exact}): a file read back gives the very doubles computed here.
 */
public final class CsvReports {
    private CsvReports() {
    }

    /** Every CSV file, summary.csv with the columns measured {@code beside} the results; the cells' verdicts. */
    public static List<Validity.Verdict> writeAll(StudyResult r, Path dir, List<SummaryColumns> beside) throws IOException {
        List<Validity.Verdict> verdicts = summary(r, dir.resolve(ReportFiles.SUMMARY), beside);
        tests(r, dir.resolve(ReportFiles.TESTS));
        speedups(r, dir.resolve(ReportFiles.SPEEDUP));
        labels(r, dir.resolve(ReportFiles.LABELS));
        agents(r, dir.resolve(ReportFiles.AGENTS));
        TransactionReport.writeCellLabels(r, dir.resolve(TransactionColumns.CELL_LABELS_FILE));
        DesignReport.writeCsv(r, dir);
        return verdicts;
    }

    /**
     * Writes summary.csv once: each cell's statistics, then the columns measured {@code beside} the results (the
     * monitor's, the client's), then its verdict ({@link Validity}, judged on all the columns before it); the verdicts.
     */
    public static List<Validity.Verdict> summary(StudyResult r, Path file, List<SummaryColumns> beside) throws IOException {
        List<Outcome> outcomes = r.outcomesSeen();
        List<ReportColumn> columns = ColumnTable.columns(r);
        List<String> header = new ArrayList<>();
        header.add("cell");
        header.addAll(r.factors());
        header.addAll(ReportColumn.ids(columns));
        outcomes.forEach(o -> header.add("errors_" + o.label()));
        header.addAll(TransactionReport.summaryHeader(r));
        beside.forEach(b -> header.addAll(b.names()));
        List<String> judged = List.copyOf(header);
        header.addAll(Validity.COLUMNS);
        List<Validity.Verdict> verdicts = new ArrayList<>();
        try (CsvWriter out = new CsvWriter(file, header)) {
            for (CellResult c : r.cells()) {
                List<String> row = new ArrayList<>();
                row.add(c.name());
                row.addAll(c.levels());
                List<ColumnValue> values = ColumnTable.values(columns, c);
                values.forEach(v -> row.add(ColumnFormat.csv(v)));
                outcomes.forEach(o -> row.add(Fmt.num(c.accumulator().errors(o))));
                row.addAll(TransactionReport.summaryFields(r, c));
                beside.forEach(b -> row.addAll(b.fieldsOf().apply(c.name())));
                Validity.Verdict verdict = Validity.of(c.name(), new Validity.Row() {
                    @Override
                    public ColumnValue value(ReportColumn column) {
                        int i = columns.indexOf(column);
                        return i < 0 ? ColumnValue.EMPTY : values.get(i);
                    }

                    @Override
                    public String field(String column) {
                        int i = judged.indexOf(column);
                        return i < 0 ? "" : row.get(i);
                    }
                });
                verdicts.add(verdict);
                row.addAll(Validity.fields(verdict));
                out.row(row);
            }
        }
        return verdicts;
    }

    /** The all-samples statistics of one group of samples (a label's), under {@link ReportColumn.Part#ALL}'s columns. */
    public static List<String> statFields(ColumnTable.Group g) {
        return ReportColumn.of(ReportColumn.Part.ALL).stream().map(c -> ColumnFormat.csv(ColumnTable.of(c, g))).toList();
    }

    public static void tests(StudyResult r, Path file) throws IOException {
        GroupErrors errors = new GroupErrors(r.factors(), r.cells());
        try (CsvWriter out = new CsvWriter(file, List.of("test", "factor", "fixed", "groups", "n", "statistic", "df",
                "p_value", "effect_size", "effect_size_name", "p_adjusted_holm", "significant_0_05", "analysed_samples",
                "error_pct_by_group", "label"))) {
            for (TestResult t : r.tests()) {
                String groupErrors = String.join(" | ", errors.of(t).stream().map(Fmt::exact).toList());
                out.row(List.of(t.test(), t.factor(), t.fixed(), String.join(" | ", t.groups()), Fmt.num(t.n()),
                        Fmt.exact(t.statistic()), Fmt.exact(t.df()), Fmt.exact(t.pValue()), Fmt.exact(t.effectSize()),
                        t.effectSizeName(), Fmt.exact(t.pAdjusted()), Boolean.toString(t.significant()),
                        r.options().samples().id(), groupErrors, t.label()));
            }
        }
    }

    public static void speedups(StudyResult r, Path file) throws IOException {
        List<String> others = r.comparison().map(c -> SpeedupFinder.others(r.factors(), r.factorIndex(c.factor())))
                .orElse(List.of());
        List<String> header = new ArrayList<>(List.of("factor", "baseline", "treatment", "baseline_cell", "treatment_cell"));
        header.addAll(others);
        header.addAll(List.of("metric", "baseline_ms", "treatment_ms", "speedup", "ci95_low", "ci95_high",
                "interval_method", "baseline_runs", "treatment_runs", "batch_s", "analysed_samples"));
        try (CsvWriter out = new CsvWriter(file, header)) {
            for (Speedup s : r.speedups()) {
                List<String> row = new ArrayList<>(List.of(s.factor(), s.baselineLevel(), s.treatmentLevel(),
                        s.baselineCell(), s.treatmentCell()));
                row.addAll(s.others());
                row.addAll(List.of(s.metric(), Fmt.exact(s.baselineMs()), Fmt.exact(s.treatmentMs()),
                        Fmt.exact(s.speedup()), Fmt.exact(s.ciLow()), Fmt.exact(s.ciHigh()), s.method().id(),
                        Fmt.num(s.baselineRuns()), Fmt.num(s.treatmentRuns()), Fmt.exact(s.batchSeconds()),
                        r.options().samples().id()));
                out.row(row);
            }
        }
    }

    public static void labels(StudyResult r, Path file) throws IOException {
        List<String> header = new ArrayList<>(List.of("label", "sub_result"));
        header.addAll(ReportColumn.ids(ReportColumn.of(ReportColumn.Part.ALL)));
        try (CsvWriter out = new CsvWriter(file, header)) {
            for (LabelResult l : r.labels()) {
                List<String> row = new ArrayList<>(List.of(l.label(), Boolean.toString(l.subResult())));
                row.addAll(statFields(new ColumnTable.Group(l.stats(), l.distinct())));
                out.row(row);
            }
        }
    }

    public static void agents(StudyResult r, Path file) throws IOException {
        try (CsvWriter out = new CsvWriter(file, List.of("agent", "samples", "errors", "error_pct"))) {
            for (Map.Entry<String, Tally> e : r.agents().entrySet()) {
                Tally t = e.getValue();
                out.row(List.of(e.getKey(), Fmt.num(t.samples), Fmt.num(t.errors),
                        Fmt.exact(t.samples == 0 ? Double.NaN : 100.0 * t.errors / t.samples)));
            }
        }
    }
}
