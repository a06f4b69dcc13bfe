package org.dbstudy.vocabulary.files;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The statistic columns of the report's {@code summary.csv}, each defined once: its name, unit, axis text,
 * the page's heading (none: the page does not show it), the metric id a claim names it by (none: claims may
 * not), whether designs (effects, one-factor changes) use it, and for a percentile its percent. Enum order is
 * the file's column order. The analysis owns each column's typed value, description and page format
 * ({@code org.dbstudy.analysis.statistics.ColumnTable}, an exhaustive switch over this enum); the names live
 * here because the generator validates claims by them and may not depend on the analysis.
 *
 * <p>The columns around these, a study's own (factors, {@code errors_<class>}, the transaction, monitor,
 * client and validity columns), are named where they are measured.
 */
public enum ReportColumn {
    // All samples, JMeter's Aggregate Report.
    SAMPLES("samples", Part.ALL, Unit.COUNT, "samples", "samples"),
    ERRORS("errors", Part.ALL, Unit.COUNT, "errors", "errors"),
    ERROR_PCT("error_pct", Part.ALL, Unit.PERCENT, "errors (% of samples)", "error %", "error_percent"),
    MEAN_MS("mean_ms", Part.ALL, Unit.MS, "mean response time (ms)", "mean ms", "mean", Design.YES),
    MEDIAN_MS("median_ms", 50, "median response time (ms)", "median ms", "median"),
    P90_MS("p90_ms", 90, "90% line (ms)", "90% ms", "p90"),
    P95_MS("p95_ms", 95, "95% line (ms)", "95% ms", "p95"),
    P99_MS("p99_ms", 99, "99% line (ms)", "99% ms", "p99"),
    MIN_MS("min_ms", Part.ALL, Unit.MS, "minimum (ms)", "min ms"),
    MAX_MS("max_ms", Part.ALL, Unit.MS, "maximum (ms)", "max ms"),
    STDDEV_MS("stddev_ms", Part.ALL, Unit.MS, "standard deviation (ms)", "std dev ms"),
    THROUGHPUT_PER_S("throughput_per_s", Part.ALL, Unit.PER_S, "throughput (samples/s)", "samples/s", "throughput",
            Design.YES),
    // The same over the successful samples, then failures per second.
    SUCCESSES("successes", SAMPLES),
    SUCCESS_MEAN_MS("success_mean_ms", MEAN_MS),
    SUCCESS_MEDIAN_MS("success_median_ms", MEDIAN_MS),
    SUCCESS_P90_MS("success_p90_ms", P90_MS),
    SUCCESS_P95_MS("success_p95_ms", P95_MS),
    SUCCESS_P99_MS("success_p99_ms", P99_MS),
    SUCCESS_MIN_MS("success_min_ms", MIN_MS),
    SUCCESS_MAX_MS("success_max_ms", MAX_MS),
    SUCCESS_STDDEV_MS("success_stddev_ms", STDDEV_MS),
    SUCCESS_PER_S("success_per_s", THROUGHPUT_PER_S, "successful samples/s"),
    FAILED_PER_S("failed_per_s", Part.SUCCESS, Unit.PER_S, null, null),
    // The analysed mean's interval.
    ANALYSED_SAMPLES("analysed_samples", Part.INTERVAL, Unit.TEXT, null, null),
    RUNS("runs", Part.INTERVAL, Unit.COUNT, null, null),
    MEAN_CI95_LOW("mean_ci95_low", Part.INTERVAL, Unit.MS, null, null),
    MEAN_CI95_HIGH("mean_ci95_high", Part.INTERVAL, Unit.MS, null, null),
    INTERVAL_METHOD("interval_method", Part.INTERVAL, Unit.TEXT, null, null),
    BATCH_S("batch_s", Part.INTERVAL, Unit.SECONDS, null, null),
    // Connection set-up, threads' first samples, samples cut off by the window.
    CONNECTS("connects", Part.START, Unit.COUNT, null, null),
    CONNECT_MEAN_MS("connect_mean_ms", Part.START, Unit.MS, null, null),
    CONNECT_MAX_MS("connect_max_ms", Part.START, Unit.MS, null, null),
    FIRST_SAMPLES("first_samples", Part.START, Unit.COUNT, null, null),
    FIRST_SAMPLES_ABOVE_P99("first_samples_above_p99", Part.START, Unit.COUNT, null, null),
    RETRYING_AT_END("retrying_at_end", Part.START, Unit.COUNT, null, null),
    // Offered load (timer-driven cells).
    DESIGNED_PER_S("designed_per_s", Part.SCHEDULE, Unit.PER_S, null, null),
    OFFERED_PER_S("offered_per_s", Part.SCHEDULE, Unit.PER_S, null, null),
    ACHIEVED_PER_S("achieved_per_s", Part.SCHEDULE, Unit.PER_S, null, null),
    LAG_SAMPLES("lag_samples", Part.SCHEDULE, Unit.COUNT, null, null),
    LAG_P50_MS("lag_p50_ms", Part.SCHEDULE, Unit.MS, null, null),
    LAG_P99_MS("lag_p99_ms", Part.SCHEDULE, Unit.MS, null, null),
    LAG_MAX_MS("lag_max_ms", Part.SCHEDULE, Unit.MS, null, null),
    LAG_BOUND_MS("lag_bound_ms", Part.SCHEDULE, Unit.MS, null, null),
    OFFERED_SHARE("offered_share", Part.SCHEDULE, Unit.SHARE, null, null),
    OFFERED_SHARE_BOUND("offered_share_bound", Part.SCHEDULE, Unit.SHARE, null, null),
    BEHIND_SCHEDULE("behind_schedule", Part.SCHEDULE, Unit.FLAG, null, null),
    // Connecting and priming before the first workload sample.
    PRIMING_S("priming_s", Part.PRIMING, Unit.SECONDS, null, null),
    PRIMING_SHARE("priming_share", Part.PRIMING, Unit.SHARE, null, null),
    // With the coordinated-omission correction only.
    CO_INTERVAL_MS("co_interval_ms", Part.CO, Unit.MS, null, null),
    CO_RAW_SAMPLES("co_raw_samples", Part.CO, Unit.COUNT, null, null),
    CO_RAW_MEAN_MS("co_raw_mean_ms", Part.CO, Unit.MS, null, null),
    CO_RAW_P50_MS("co_raw_p50_ms", Part.CO, Unit.MS, null, null),
    CO_RAW_P99_MS("co_raw_p99_ms", Part.CO, Unit.MS, null, null),
    CO_RAW_MAX_MS("co_raw_max_ms", Part.CO, Unit.MS, null, null),
    CO_SAMPLES("co_samples", Part.CO, Unit.COUNT, null, null),
    CO_MEAN_MS("co_mean_ms", Part.CO, Unit.MS, null, null),
    CO_P50_MS("co_p50_ms", Part.CO, Unit.MS, null, null),
    CO_P99_MS("co_p99_ms", Part.CO, Unit.MS, null, null),
    CO_MAX_MS("co_max_ms", Part.CO, Unit.MS, null, null);

    /** Which rows of columns a column belongs to: all samples, successful ones, ... in file order. */
    public enum Part {
        /** All samples: also each row of {@code labels.csv}. */
        ALL,
        SUCCESS,
        INTERVAL,
        START,
        SCHEDULE,
        PRIMING,
        /** Only with the study setting {@code co_correction}. */
        CO
    }

    /** What a column's numbers count, and the symbol a claim's words print after them. */
    public enum Unit {
        COUNT(""), MS("ms"), PER_S("/s"), PERCENT("%"), SECONDS("s"), SHARE(""), TEXT(""), FLAG("");

        private final String symbol;

        Unit(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    private enum Design { YES }

    private final String id;
    private final Part part;
    private final Unit unit;
    private final String axis;
    private final String heading;
    private final String metric;
    private final boolean design;
    private final double percent;
    private final ReportColumn allSamples;

    ReportColumn(String id, Part part, Unit unit, String axis, String heading) {
        this(id, part, unit, axis, heading, null, false, Double.NaN, null);
    }

    ReportColumn(String id, Part part, Unit unit, String axis, String heading, String metric) {
        this(id, part, unit, axis, heading, metric, false, Double.NaN, null);
    }

    ReportColumn(String id, Part part, Unit unit, String axis, String heading, String metric, Design design) {
        this(id, part, unit, axis, heading, metric, true, Double.NaN, null);
    }

    /** A JMeter percentile of all samples, in ms. */
    ReportColumn(String id, double percent, String axis, String heading, String metric) {
        this(id, Part.ALL, Unit.MS, axis, heading, metric, false, percent, null);
    }

    /** {@code allSamples}'s statistic over the successful samples; its axis text says so. */
    ReportColumn(String id, ReportColumn allSamples) {
        this(id, allSamples, allSamples.axis + ", successful samples");
    }

    ReportColumn(String id, ReportColumn allSamples, String axis) {
        this(id, Part.SUCCESS, allSamples.unit, axis, null, null, false, allSamples.percent, allSamples);
    }

    ReportColumn(String id, Part part, Unit unit, String axis, String heading, String metric, boolean design,
            double percent, ReportColumn allSamples) {
        this.id = id;
        this.part = part;
        this.unit = unit;
        this.axis = axis == null ? id : axis;
        this.heading = heading;
        this.metric = metric;
        this.design = design;
        this.percent = percent;
        this.allSamples = allSamples;
    }

    /** The header's text: {@code mean_ms}. */
    public String id() {
        return id;
    }

    public Part part() {
        return part;
    }

    public Unit unit() {
        return unit;
    }

    /** A figure's axis text: {@code mean response time (ms)}; the name itself when none is set. */
    public String axis() {
        return axis;
    }

    /** The page's heading in its Aggregate Report table; empty when the page does not show the column. */
    public Optional<String> heading() {
        return Optional.ofNullable(heading);
    }

    /** The id a claim's {@code metric} names this column by ({@code mean}, {@code p99}); empty when claims may not. */
    public Optional<String> metric() {
        return Optional.ofNullable(metric);
    }

    /** Whether fractional-factorial effects and one-factor-at-a-time changes are computed on it. */
    public boolean design() {
        return design;
    }

    /** The percent of a JMeter percentile column (90 for {@code p90_ms}); NaN for any other column. */
    public double percent() {
        return percent;
    }

    /** For a column over the successful samples, the same statistic's column over all samples. */
    public Optional<ReportColumn> allSamples() {
        return Optional.ofNullable(allSamples);
    }

    /** The column over successful samples whose statistic is this one's, if there is one. */
    public Optional<ReportColumn> successes() {
        return Arrays.stream(values()).filter(c -> c.allSamples == this).findFirst();
    }

    public static List<ReportColumn> of(Part part) {
        return Arrays.stream(values()).filter(c -> c.part == part).toList();
    }

    public static Optional<ReportColumn> byId(String id) {
        return Arrays.stream(values()).filter(c -> c.id.equals(id)).findFirst();
    }

    /** The column a claim's metric id names ({@code p99}), if claims may name one. */
    public static Optional<ReportColumn> byMetric(String metric) {
        return Arrays.stream(values()).filter(c -> metric.equals(c.metric)).findFirst();
    }

    /** The metric ids claims may use, in column order. */
    public static List<String> metrics() {
        return Arrays.stream(values()).flatMap(c -> c.metric().stream()).toList();
    }

    public static List<String> ids(List<ReportColumn> columns) {
        return columns.stream().map(ReportColumn::id).toList();
    }
}
