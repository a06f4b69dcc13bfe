package org.dbstudy.analysis.statistics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.dbstudy.analysis.cells.Accumulator;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.Distinct;
import org.dbstudy.analysis.cells.RunNotes;
import org.dbstudy.analysis.cells.RunValues;
import org.dbstudy.analysis.cells.SampleStats;
import org.dbstudy.analysis.cells.Schedule;
import org.dbstudy.analysis.cells.Spread;
import org.dbstudy.analysis.cells.TimeBatches;
import org.dbstudy.analysis.reading.SampleSet;
import org.dbstudy.vocabulary.files.ReportColumn;

/**
 * The analysis's half of the report's columns ({@link ReportColumn}, whose names, units, axis texts and flags the
 * vocabulary holds): each column's description for README.txt, its decimals on the page and its typed value,
 * chosen by one exhaustive switch, so a new column does not compile until it has all three. A column of all
 * samples is a statistic of a {@link Group} of samples (a cell's, its successful ones', a label's); its
 * successful-samples twin is the same statistic of the successful samples.
 */
public final class ColumnTable {
    /** Said of the successful samples' columns at once, in README.txt. */
    public static final String SUCCESS_DESCRIPTION = "Successful samples only (same definitions)";

    private ColumnTable() {
    }

    /** The samples a statistic column is taken over, with their distinct values for percentiles. */
    public record Group(SampleStats stats, Distinct distinct) {
        public static Group all(CellResult c) {
            return new Group(c.stats(), c.distinct());
        }

        public static Group successes(CellResult c) {
            return new Group(c.success(), c.set() == SampleSet.SUCCESS ? c.analysedDistinct()
                    : c.accumulator().successTimes().distinct());
        }

        /** A label's samples, all of them (the Aggregate Report's row of a label). */
        public static Group of(Accumulator acc) {
            Distinct d = acc.times().distinct();
            return new Group(SampleStats.of(acc, d), d);
        }
    }

    /**
     * One column's analysis half: its README.txt text (lines joined by '\n'; empty: said with the next column's),
     * the page's decimals, and its value: of a group (all-sample statistics) or of a cell.
     */
    private record Definition(String description, int decimals, Function<Group, ColumnValue> ofGroup,
                              Function<CellResult, ColumnValue> ofCell) {
    }

    private static Definition stat(String description, int decimals, Function<Group, ColumnValue> value) {
        return new Definition(description, decimals, value, null);
    }

    private static Definition cell(String description, Function<CellResult, ColumnValue> value) {
        return new Definition(description, 2, null, value);
    }

    /** A percentile of all samples, as JMeter's Aggregate Report takes it. */
    private static Definition percentile(ReportColumn c, String description) {
        double fraction = fraction(c.percent());
        return stat(description, 0, g -> ColumnValue.of(g.distinct().percentile(fraction)));
    }

    private static Definition successTwin(ReportColumn c) {
        Definition all = definition(c.allSamples().orElseThrow());
        return new Definition("", all.decimals(), all.ofGroup(), null);
    }

    private static Definition definition(ReportColumn c) {
        return switch (c) {
            case SAMPLES -> stat("top-level workload samples of the cell.", 0, g -> ColumnValue.count(g.stats().samples()));
            case ERRORS -> stat("", 0, g -> ColumnValue.count(g.stats().errors()));
            case ERROR_PCT -> stat("failed samples (success=false) and their share in percent.", 2,
                    g -> ColumnValue.of(g.stats().errorPercent()));
            case MEAN_MS -> stat("sum of elapsed / samples (JMeter's Aggregate Report 'Average').", 1,
                    g -> ColumnValue.of(g.stats().mean()));
            case MEDIAN_MS, P90_MS, P95_MS -> percentile(c, "");
            case P99_MS -> percentile(c, "JMeter's Aggregate Report definition, exactly: sort ascending,\n"
                    + "k = max(1, Math.round(n * p)) with p = (double)(Float.parseFloat(\"90\")/100) = 0.8999999761581421\n"
                    + "(likewise 95, 99; median p = 0.5); the k-th smallest value, no interpolation.\n"
                    + "Computed from exact per-millisecond counts, so any n gives JMeter's value.");
            case MIN_MS -> stat("", 0, g -> ColumnValue.of(g.stats().min()));
            case MAX_MS -> stat("the fastest and the slowest sample.", 0, g -> ColumnValue.of(g.stats().max()));
            case STDDEV_MS -> stat("population standard deviation (divides by n, as JMeter).", 1,
                    g -> ColumnValue.of(g.stats().stdDev()));
            case THROUGHPUT_PER_S -> stat("samples / (last end - first start) in seconds, end = timeStamp + elapsed;\n"
                    + "for pooled replicates the denominators (each run's span) are added.", 2,
                    g -> ColumnValue.of(g.stats().throughputPerSecond()));
            case SUCCESSES, SUCCESS_MEAN_MS, SUCCESS_MEDIAN_MS, SUCCESS_P90_MS, SUCCESS_P95_MS, SUCCESS_P99_MS,
                    SUCCESS_MIN_MS, SUCCESS_MAX_MS, SUCCESS_STDDEV_MS, SUCCESS_PER_S -> successTwin(c);
            case FAILED_PER_S -> cell("failed samples per second, over the same span as throughput_per_s.",
                    x -> ColumnValue.of(x.failedPerSecond()));
            case ANALYSED_SAMPLES -> cell("'success' or 'all': the samples the interval columns, tests and speedups use.",
                    x -> new ColumnValue.Text(x.set().id()));
            case RUNS -> cell("result files (runs) of the cell with analysed samples.",
                    x -> ColumnValue.count(x.runs().size()));
            case MEAN_CI95_LOW -> cell("", x -> ColumnValue.of(meanInterval(x)[0]));
            case MEAN_CI95_HIGH -> cell("95% interval of the analysed mean, on the log scale so that no bound goes\n"
                    + "below 0: mean * exp(-+ t * se / mean) (delta method); empty where se > mean (too few runs\n"
                    + "for an interval).", x -> ColumnValue.of(meanInterval(x)[1]));
            case INTERVAL_METHOD -> cell("where the interval's se comes from:\n"
                    + "between-runs     (2 or more runs) se = s / sqrt(runs), s = standard deviation of the runs' own means,\n"
                    + "                 t with runs-1 df: includes the variation from run to run.\n"
                    + "within-run-only  (1 run) batch means: the run is cut by sample end time into "
                    + TimeBatches.MAX_BATCHES / 2 + " to " + TimeBatches.MAX_BATCHES + " batches of\n"
                    + "                 equal length (batch_s seconds; 1 s batches for runs shorter than "
                    + TimeBatches.MAX_BATCHES / 2 + " s),\n"
                    + "                 se^2 = B/(B-1) * sum((n_b/n)^2 (mean_b - mean)^2), t with B-1 df. This respects\n"
                    + "                 autocorrelation within the run but says nothing about how another run would differ.",
                    x -> new ColumnValue.Text(x.runs().isEmpty() ? "" : meanSpread(x).method().id()));
            case BATCH_S -> cell("the batches' length in seconds.", x -> ColumnValue.of(meanSpread(x).batchSeconds()));
            case CONNECTS -> cell("", x -> ColumnValue.count(x.accumulator().connects()));
            case CONNECT_MEAN_MS -> cell("", x -> ColumnValue.of(x.accumulator().connectMeanMillis()));
            case CONNECT_MAX_MS -> cell("from the JTL's Connect column: samples with Connect > 0\n"
                    + "(those that opened a connection), the mean and largest Connect over them. Whether Connect\n"
                    + "is also part of elapsed depends on the sampler and its connection mode (docs/sampler.md).",
                    x -> ColumnValue.of(x.accumulator().connectMaxMillis()));
            case FIRST_SAMPLES -> cell("", x -> ColumnValue.count(x.accumulator().firstSamples()));
            case FIRST_SAMPLES_ABOVE_P99 -> cell("threads' first analysed samples (one per thread and run)\n"
                    + "and how many took longer than the cell's p99_ms: above 0, first samples still pay for\n"
                    + "a start-up later samples do not (connecting, a first prepare, a cold client).",
                    x -> ColumnValue.count(x.accumulator().firstSamplesAbove(x.stats().p99())));
            case RETRYING_AT_END -> cell("samples still retrying when the cell's window ended (message prefix\n"
                    + "'retrying_at_end: <last try's class>: ...'): cut off by the cell, not failed; neither\n"
                    + "in errors nor in error_pct (they stay in samples), their tries in rollbacks_<class>.",
                    x -> ColumnValue.count(x.accumulator().retryingAtEnd()));
            case DESIGNED_PER_S, OFFERED_PER_S -> scheduled("", (s, x) -> ColumnValue.of(c == ReportColumn.OFFERED_PER_S
                    ? x.stats().throughputPerSecond() : s.designedPerSecond(x.stats().throughputPerSecond())));
            case ACHIEVED_PER_S -> scheduled("timer-driven cells (the sampler's intendedStart column):\n"
                    + "the rate the design asks for: users / (pause + the cell's fastest response), since a\n"
                    + "thread waits for its response before its pause (offered * sum of gaps between a thread's\n"
                    + "starts / sum of designed periods); samples started per second (= throughput_per_s) and\n"
                    + "successful samples per second (= success_per_s). Empty without intended starts.",
                    (s, x) -> ColumnValue.of(x.success().throughputPerSecond()));
            case LAG_SAMPLES -> scheduled("", (s, x) -> ColumnValue.count(s.samples()));
            case LAG_P50_MS -> scheduled("", (s, x) -> ColumnValue.of(s.lag().percentile(SampleStats.MEDIAN)));
            case LAG_P99_MS -> scheduled("", (s, x) -> ColumnValue.of(s.lag().percentile(SampleStats.P99)));
            case LAG_MAX_MS -> scheduled("schedule lag: timeStamp - intendedStart (the thread's\n"
                    + "previous end + the designed pause), early starts counted 0; a thread's first sample has none.",
                    (s, x) -> ColumnValue.of(s.lag().max()));
            case LAG_BOUND_MS -> scheduled(Math.round(Schedule.BOUND_SHARE * 100) + " % of the mean designed pause, at least "
                    + Math.round(Schedule.MIN_BOUND_MILLIS) + " ms.", (s, x) -> ColumnValue.of(s.boundMillis()));
            case OFFERED_SHARE -> scheduled("", (s, x) -> ColumnValue.of(s.offeredShare()));
            case OFFERED_SHARE_BOUND -> scheduled("offered_per_s / designed_per_s, and the bound it is held to ("
                    + Schedule.OFFERED_BOUND_SHARE + ").", (s, x) -> ColumnValue.of(Schedule.OFFERED_BOUND_SHARE));
            case BEHIND_SCHEDULE -> scheduled("true when lag_p99_ms exceeds lag_bound_ms or offered_share is below its bound: the\n"
                    + "cell ran a lighter load than it names (lag alone misses a thread whose responses grew).",
                    (s, x) -> new ColumnValue.Flag(s.behind()));
            case PRIMING_S -> cell("", x -> priming(x)[0]);
            case PRIMING_SHARE -> cell("setUp's end to the first workload sample (connecting, priming) and its share\n"
                    + "of that plus the measured window (the longest over the cell's runs); validity threatened above\n"
                    + "its bound (setUp ran over).", x -> priming(x)[1]);
            case CO_INTERVAL_MS -> scheduled("", (s, x) -> Double.isNaN(s.designedPeriodMillis()) ? ColumnValue.EMPTY
                    : ColumnValue.count(Math.round(s.designedPeriodMillis())));
            case CO_RAW_SAMPLES, CO_SAMPLES -> scheduled("", (s, x) -> ColumnValue.count(co(c, s).total()));
            case CO_RAW_MEAN_MS, CO_MEAN_MS -> scheduled("", (s, x) -> ColumnValue.of(co(c, s).mean()));
            case CO_RAW_P50_MS, CO_P50_MS -> scheduled("", (s, x) -> ColumnValue.of(co(c, s).percentile(SampleStats.MEDIAN)));
            case CO_RAW_P99_MS, CO_P99_MS -> scheduled("", (s, x) -> ColumnValue.of(co(c, s).percentile(SampleStats.P99)));
            case CO_RAW_MAX_MS -> scheduled("", (s, x) -> ColumnValue.of(co(c, s).max()));
            case CO_MAX_MS -> scheduled("with settings.co_correction: co_interval_ms (designed period), co_raw_* as\n"
                    + "measured and co_* corrected for coordinated omission (HdrHistogram's expected-interval fill).",
                    (s, x) -> ColumnValue.of(co(c, s).max()));
        };
    }

    /** A column of timer-driven cells: empty for a cell without intended starts. */
    private static Definition scheduled(String description, BiFunction<Schedule, CellResult, ColumnValue> value) {
        return cell(description, x -> {
            Schedule s = x.accumulator().schedule();
            return s.samples() == 0 ? ColumnValue.EMPTY : value.apply(s, x);
        });
    }

    /** The measured ({@code co_raw_*}) or corrected ({@code co_*}) response times. */
    private static Distinct co(ReportColumn c, Schedule s) {
        return c.id().startsWith("co_raw_") ? s.responses() : s.corrected();
    }

    private static Spread meanSpread(CellResult c) {
        return c.spread(RunValues.MEAN);
    }

    private static double[] meanInterval(CellResult c) {
        return meanSpread(c).interval(c.analysed().mean());
    }

    /** priming_s and priming_share of the cell's run with the largest share; both empty without one. */
    private static ColumnValue[] priming(CellResult c) {
        double priming = Double.NaN;
        double share = Double.NaN;
        for (RunNotes n : c.notes()) {
            double p = n.primingSeconds();
            double sh = p / (p + n.measuredSeconds());
            if (!Double.isNaN(sh) && !(sh <= share)) {
                priming = p;
                share = sh;
            }
        }
        return Double.isNaN(share) ? new ColumnValue[] {ColumnValue.EMPTY, ColumnValue.EMPTY}
                : new ColumnValue[] {ColumnValue.of(priming), ColumnValue.of(share)};
    }

    /** JMeter's Aggregate Report percent as a fraction: a float first, as JMeter parses "90" (99.9 likewise). */
    public static double fraction(double percent) {
        return (double) ((float) percent / 100);
    }

    /** The columns of summary.csv this study has: all, the coordinated-omission ones only when corrected. */
    public static List<ReportColumn> columns(StudyResult r) {
        return Arrays.stream(ReportColumn.values())
                .filter(c -> c.part() != ReportColumn.Part.CO || r.options().coCorrection()).toList();
    }

    /** A cell's value of a column. */
    public static ColumnValue value(ReportColumn c, CellResult cell) {
        return values(List.of(c), cell).get(0);
    }

    /** A cell's values of the columns, in their order; each group of samples taken once. */
    public static List<ColumnValue> values(List<ReportColumn> columns, CellResult cell) {
        Group all = Group.all(cell);
        Group successes = null;
        List<ColumnValue> out = new ArrayList<>(columns.size());
        for (ReportColumn c : columns) {
            Definition d = definition(c);
            if (d.ofCell() != null) {
                out.add(d.ofCell().apply(cell));
            } else if (c.allSamples().isPresent()) {
                successes = successes == null ? Group.successes(cell) : successes;
                out.add(d.ofGroup().apply(successes));
            } else {
                out.add(d.ofGroup().apply(all));
            }
        }
        return out;
    }

    /** A statistic column's value over any group of samples (a label's); one of all samples' columns. */
    public static ColumnValue of(ReportColumn c, Group g) {
        Function<Group, ColumnValue> f = definition(c).ofGroup();
        if (f == null) {
            throw new IllegalArgumentException(c.id() + " is a cell's column, not a statistic of samples");
        }
        return f.apply(g);
    }

    /**
     * The cell's value of a statistic over its analysed samples, as claims and designs read it: the column's
     * successful-samples twin when those are analysed and it has one ({@code error_pct} has none: it stays over all
     * samples); NaN without samples.
     */
    public static double analysed(ReportColumn c, CellResult cell) {
        Group g = cell.set() == SampleSet.SUCCESS && c.successes().isPresent() ? Group.successes(cell) : Group.all(cell);
        return of(c, g).number();
    }

    /**
     * A statistic column's value from a run's kept summary (no distinct values): a percentile only where the
     * summary holds it (median, p90, p95, p99), NaN for another, so a claim on it is judged without per-run values.
     */
    public static double ofStats(ReportColumn c, SampleStats s) {
        ReportColumn all = c.allSamples().orElse(c);
        if (!Double.isNaN(all.percent())) {
            double p = all.percent();
            return p == 50 ? s.median() : p == 90 ? s.p90() : p == 95 ? s.p95() : p == 99 ? s.p99() : Double.NaN;
        }
        return of(all, new Group(s, null)).number();
    }

    /** README.txt's text of the column; empty when said with the next column's. */
    public static String description(ReportColumn c) {
        return definition(c).description();
    }

    /** The page's decimals for the column's numbers. */
    public static int decimals(ReportColumn c) {
        return definition(c).decimals();
    }
}
