package org.dbstudy.analysis.report.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.vocabulary.files.CsvWriter;
import org.dbstudy.vocabulary.TransactionColumns;
import org.dbstudy.analysis.cells.Accumulator;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.LabelResult;
import org.dbstudy.analysis.cells.RunValues;
import org.dbstudy.analysis.cells.SampleStats;
import org.dbstudy.analysis.cells.Distinct;
import org.dbstudy.analysis.cells.Schedule;
import org.dbstudy.analysis.cells.Spread;
import org.dbstudy.analysis.cells.Tally;
import org.dbstudy.analysis.statistics.GroupErrors;
import org.dbstudy.analysis.statistics.Speedup;
import org.dbstudy.analysis.statistics.SpeedupFinder;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.analysis.statistics.TestResult;
import org.dbstudy.analysis.report.format.Fmt;
import org.dbstudy.analysis.report.validity.Validity;
import org.dbstudy.vocabulary.files.ReportFiles;

/**
 * Writes summary.csv, tests.csv, speedup.csv, labels.csv, agents.csv and, for studies with labels per
 * cell, cell-labels.csv ({@link TransactionReport}). Every number at full
 * precision ({@link Fmt#exact}): a file read back gives the very doubles computed here.
 */
public final class CsvReports {
    public static final List<String> STAT_COLUMNS = List.of("samples", "errors", "error_pct", "mean_ms", "median_ms",
            "p90_ms", "p95_ms", "p99_ms", "min_ms", "max_ms", "stddev_ms", "throughput_per_s");
    /** Over the successful samples only, then failures per second. */
    public static final List<String> SUCCESS_COLUMNS = List.of("successes", "success_mean_ms", "success_median_ms",
            "success_p90_ms", "success_p95_ms", "success_p99_ms", "success_min_ms", "success_max_ms",
            "success_stddev_ms", "success_per_s", "failed_per_s");
    /** Connection set-up from the JTL's Connect column: samples with Connect > 0, their mean and largest. */
    public static final List<String> CONNECT_COLUMNS = List.of("connects", "connect_mean_ms", "connect_max_ms");
    /**
     * Threads' first analysed samples (one per thread and run) and how many took longer than the
     * cell's p99 (all samples): first samples that still pay for a start-up show as a count above 0.
     */
    public static final List<String> FIRST_SAMPLE_COLUMNS = List.of("first_samples", "first_samples_above_p99");
    /**
     * Samples still retrying when the cell's window ended ({@code Outcome.RETRYING_AT_END}): cut off by
     * the cell, not failed; neither in {@code errors} nor in {@code error_pct}.
     */
    public static final String RETRYING_AT_END = "retrying_at_end";
    /**
     * Offered load (timer-driven cells, from the sampler's intendedStart column): designed, offered and
     * achieved samples per second, schedule lag of the samples with an intended start, the bound the
     * p99 lag is held to, offered over designed rate and its bound, and whether the cell fell behind
     * either ({@link Schedule}).
     */
    public static final List<String> SCHEDULE_COLUMNS = List.of("designed_per_s", "offered_per_s", "achieved_per_s",
            "lag_samples", "lag_p50_ms", "lag_p99_ms", "lag_max_ms", "lag_bound_ms", "offered_share",
            "offered_share_bound", "behind_schedule");
    /**
     * With the coordinated-omission correction (a study setting): the expected interval (the designed
     * period), then the samples with an intended start as measured and corrected ({@link
     * org.dbstudy.analysis.cells.CoordinatedOmission}), the corrected count including the added ones.
     */
    public static final List<String> CO_COLUMNS = List.of("co_interval_ms", "co_raw_samples", "co_raw_mean_ms",
            "co_raw_p50_ms", "co_raw_p99_ms", "co_raw_max_ms", "co_samples", "co_mean_ms", "co_p50_ms", "co_p99_ms",
            "co_max_ms");
    /**
     * Users connecting and priming between the setUp's end and the first workload sample (the longest
     * over the cell's runs), and its share of that time plus the measured window ({@link
     * org.dbstudy.analysis.cells.RunNotes#primingSeconds}); empty without a setUp sample.
     */
    public static final List<String> PRIMING_COLUMNS = List.of("priming_s", "priming_share");
    /** The 95% interval of the analysed mean and how it was found. */
    public static final List<String> INTERVAL_COLUMNS = List.of("analysed_samples", "runs", "mean_ci95_low", "mean_ci95_high",
            "interval_method", "batch_s");

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
        List<String> header = new ArrayList<>();
        header.add("cell");
        header.addAll(r.factors());
        header.addAll(STAT_COLUMNS);
        header.addAll(SUCCESS_COLUMNS);
        header.addAll(INTERVAL_COLUMNS);
        header.addAll(CONNECT_COLUMNS);
        header.addAll(FIRST_SAMPLE_COLUMNS);
        header.add(RETRYING_AT_END);
        header.addAll(SCHEDULE_COLUMNS);
        header.addAll(PRIMING_COLUMNS);
        boolean co = r.options().coCorrection();
        if (co) {
            header.addAll(CO_COLUMNS);
        }
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
                row.addAll(statFields(c.stats()));
                SampleStats ok = c.success();
                row.addAll(List.of(Fmt.num(ok.samples()), Fmt.exact(ok.mean()), Fmt.exact(ok.median()),
                        Fmt.exact(ok.p90()), Fmt.exact(ok.p95()), Fmt.exact(ok.p99()), Fmt.exact(ok.min()),
                        Fmt.exact(ok.max()), Fmt.exact(ok.stdDev()), Fmt.exact(ok.throughputPerSecond()),
                        Fmt.exact(c.failedPerSecond())));
                Spread spread = c.spread(RunValues.MEAN);
                double[] ci = spread.interval(c.analysed().mean());
                row.addAll(List.of(c.set().id(), Fmt.num(c.runs().size()), Fmt.exact(ci[0]), Fmt.exact(ci[1]),
                        c.runs().isEmpty() ? "" : spread.method().id(), Fmt.exact(spread.batchSeconds())));
                Accumulator acc = c.accumulator();
                row.addAll(List.of(Fmt.num(acc.connects()), Fmt.exact(acc.connectMeanMillis()),
                        Fmt.exact(acc.connectMaxMillis())));
                row.addAll(List.of(Fmt.num(acc.firstSamples()), Fmt.num(acc.firstSamplesAbove(c.stats().p99()))));
                row.add(Fmt.num(acc.retryingAtEnd()));
                row.addAll(scheduleFields(c));
                row.addAll(primingFields(c));
                if (co) {
                    row.addAll(coFields(c));
                }
                outcomes.forEach(o -> row.add(Fmt.num(c.accumulator().errors(o))));
                row.addAll(TransactionReport.summaryFields(r, c));
                beside.forEach(b -> row.addAll(b.fieldsOf().apply(c.name())));
                Validity.Verdict verdict = Validity.of(c.name(), column -> {
                    int i = judged.indexOf(column);
                    return i < 0 ? "" : row.get(i);
                });
                verdicts.add(verdict);
                row.addAll(Validity.fields(verdict));
                out.row(row);
            }
        }
        return verdicts;
    }

    /** The {@link #SCHEDULE_COLUMNS} of a cell; empty fields for a cell without intended starts. */
    static List<String> scheduleFields(CellResult c) {
        Schedule s = c.accumulator().schedule();
        if (s.samples() == 0) {
            return java.util.Collections.nCopies(SCHEDULE_COLUMNS.size(), "");
        }
        Distinct lag = s.lag();
        double offered = c.stats().throughputPerSecond();
        return List.of(Fmt.exact(s.designedPerSecond(offered)), Fmt.exact(offered),
                Fmt.exact(c.success().throughputPerSecond()), Fmt.num(s.samples()),
                Fmt.exact(lag.percentile(SampleStats.MEDIAN)), Fmt.exact(lag.percentile(SampleStats.P99)),
                Fmt.exact(lag.max()), Fmt.exact(s.boundMillis()), Fmt.exact(s.offeredShare()),
                Fmt.exact(Schedule.OFFERED_BOUND_SHARE), Boolean.toString(s.behind()));
    }

    /** The {@link #PRIMING_COLUMNS} of a cell: its run with the largest share. */
    static List<String> primingFields(CellResult c) {
        double priming = Double.NaN;
        double share = Double.NaN;
        for (org.dbstudy.analysis.cells.RunNotes n : c.notes()) {
            double p = n.primingSeconds();
            double sh = p / (p + n.measuredSeconds());
            if (!Double.isNaN(sh) && !(sh <= share)) {
                priming = p;
                share = sh;
            }
        }
        return Double.isNaN(share) ? List.of("", "") : List.of(Fmt.exact(priming), Fmt.exact(share));
    }

    /** The {@link #CO_COLUMNS} of a cell; empty fields for a cell without intended starts. */
    static List<String> coFields(CellResult c) {
        Schedule s = c.accumulator().schedule();
        if (s.samples() == 0) {
            return java.util.Collections.nCopies(CO_COLUMNS.size(), "");
        }
        double period = s.designedPeriodMillis();
        List<String> row = new ArrayList<>(List.of(Double.isNaN(period) ? "" : Fmt.num(Math.round(period))));
        for (Distinct d : List.of(s.responses(), s.corrected())) {
            row.add(Fmt.num(d.total()));
            row.add(Fmt.exact(d.mean()));
            row.add(Fmt.exact(d.percentile(SampleStats.MEDIAN)));
            row.add(Fmt.exact(d.percentile(SampleStats.P99)));
            row.add(Fmt.exact(d.max()));
        }
        return row;
    }

    /** The {@link #STAT_COLUMNS} of one group. */
    public static List<String> statFields(SampleStats s) {
        return List.of(Fmt.num(s.samples()), Fmt.num(s.errors()), Fmt.exact(s.errorPercent()), Fmt.exact(s.mean()),
                Fmt.exact(s.median()), Fmt.exact(s.p90()), Fmt.exact(s.p95()), Fmt.exact(s.p99()),
                Fmt.exact(s.min()), Fmt.exact(s.max()), Fmt.exact(s.stdDev()), Fmt.exact(s.throughputPerSecond()));
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
        header.addAll(STAT_COLUMNS);
        try (CsvWriter out = new CsvWriter(file, header)) {
            for (LabelResult l : r.labels()) {
                List<String> row = new ArrayList<>(List.of(l.label(), Boolean.toString(l.subResult())));
                row.addAll(statFields(l.stats()));
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
