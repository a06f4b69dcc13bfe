package org.dbstudy.vocabulary;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.dbstudy.vocabulary.files.ReportColumn;

/**
 * One checkable statement about a study's results: a paper's finding (from a built-in study's reference
 * file) or a user's expectation (a study file's {@code expect} list). The generator parses claims and
 * writes them to {@code claims.csv} ({@link ClaimsFile}); the analysis judges them on the runs.
 * Claims are judged on shape (ratios, orders, trends) unless the kind is {@link Kind#LIMIT}.
 *
 * @param id         short name shown in reports and build messages (e.g. F1.5, or "expect[0]")
 * @param origin     who makes it
 * @param source     where it comes from: the paper and finding, or file:line of the expectation
 * @param says       the finding in words
 * @param kind       how it is checked
 * @param metric     the per-cell number it is about
 * @param label      a sample label (transaction, query) whose samples alone count; empty for the whole cell
 * @param where      the cells it is about (factor → level); empty for all
 * @param a          ORDERING/RATIO: the cells on the left (a &lt; b, a / b)
 * @param b          ORDERING/RATIO: the cells on the right
 * @param factor     TREND/THRESHOLD: the ordered factor
 * @param direction  TREND: which way the metric goes as the factor's level grows; BEST: highest or lowest is best
 *                   (null: {@link #highestIsBest()} decides)
 * @param low        RATIO/LIMIT: lower bound (NaN: none); THRESHOLD: the metric is above it past {@code upTo} (NaN: no check)
 * @param high       RATIO/LIMIT: upper bound (NaN: none); THRESHOLD: the metric's most at levels up to {@code upTo}
 * @param upTo       THRESHOLD: the factor's last level the bound {@code high} applies to
 * @param paper      the paper's value in words (empty for expectations)
 * @param untestable why this cannot be checked with dbstudy (empty when it can)
 * @param versus     LABEL_RATIO: the label {@code label} is divided by, inside the same cell (empty for other kinds)
 * @param monitor    MONITOR: the {@link MonitorFigure} id the claim is about (empty for other kinds)
 */
public record Claim(String id, Origin origin, String source, String says, Kind kind, Metric metric, String label,
                    Map<String, String> where, Map<String, String> a, Map<String, String> b, String factor,
                    Direction direction, double low, double high, String upTo, String paper, String untestable,
                    String versus, String monitor) {

    public Claim {
        where = Map.copyOf(where);
        a = Map.copyOf(a);
        b = Map.copyOf(b);
    }

    /** A claim of a kind that names neither a second label nor a monitor figure. */
    public Claim(String id, Origin origin, String source, String says, Kind kind, Metric metric, String label,
                 Map<String, String> where, Map<String, String> a, Map<String, String> b, String factor,
                 Direction direction, double low, double high, String upTo, String paper, String untestable) {
        this(id, origin, source, says, kind, metric, label, where, a, b, factor, direction, low, high, upTo, paper,
                untestable, "", "");
    }

    /** Who makes a claim: only expectations fail a build. */
    public enum Origin {
        PAPER, EXPECTATION;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** How a claim is checked. */
    public enum Kind {
        /** a's metric is lower than b's, cells matched on the other factors. */
        ORDERING,
        /** the metric rises or falls with the factor's level (Jonckheere–Terpstra, strata = other factors). */
        TREND,
        /** a / b lies in [low, high], cells matched on the other factors (geometric mean over pairs). */
        RATIO,
        /** at levels of the factor up to upTo the metric is at most high (and above low past it). */
        THRESHOLD,
        /** the metric lies in [low, high] in every cell of where: absolute, for a user's own machine. */
        LIMIT,
        /** a's level of the factor is the best one (highest throughput, else lowest), matched over the other factors. */
        BEST("best"),
        /** a / b lies in the band [low, high], shown by equivalence (TOST: the 90% interval inside the band). */
        INDISTINGUISHABLE("indistinguishable"),
        /** the metric stays flat (at most high × the first level's) up to a's level and rises (above low × a's) at b's. */
        KNEE("knee"),
        /** the factor's levels differ: Kruskal–Wallis (Mann–Whitney for two levels) in every stratum of the other factors. */
        SIGNIFICANT("significant"),
        /** label's metric / versus's metric inside each cell lies in [low, high]. */
        LABEL_RATIO("label_ratio"),
        /** the monitor figure's metric over each cell's monitored moments lies in [low, high]. */
        MONITOR("monitor");

        private final String id;

        Kind() {
            this.id = name().toLowerCase(Locale.ROOT);
        }

        Kind(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        public static Kind byId(String id) {
            return Arrays.stream(values()).filter(k -> k.id().equals(id)).findFirst().orElse(null);
        }

        public static String validIds() {
            return String.join(", ", Arrays.stream(values()).map(Kind::id).toList());
        }
    }

    /** TREND: increasing or decreasing; BEST: highest or lowest (by default highest for throughput, else lowest). */
    public enum Direction {
        INCREASING, DECREASING, HIGHEST, LOWEST;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Direction byId(String id) {
            return Arrays.stream(values()).filter(k -> k.id().equals(id)).findFirst().orElse(null);
        }
    }

    /** The per-cell numbers a claim can be about, with their unit. */
    /**
     * The per-cell number a claim is about: a column of the report that claims may name
     * ({@link ReportColumn#metric()}), by its metric id ({@code mean}, {@code p99}, {@code error_percent}). The
     * analysis judges it over the analysed samples (the column's successful-samples twin when those are analysed).
     */
    public record Metric(ReportColumn column) {
        /** One instance per column, so that metrics compare as the enum's constants did. */
        private static final List<Metric> ALL = Arrays.stream(ReportColumn.values()).filter(c -> c.metric().isPresent())
                .map(Metric::new).toList();
        public static final Metric MEAN = of(ReportColumn.MEAN_MS);
        public static final Metric MEDIAN = of(ReportColumn.MEDIAN_MS);
        public static final Metric P90 = of(ReportColumn.P90_MS);
        public static final Metric P95 = of(ReportColumn.P95_MS);
        public static final Metric P99 = of(ReportColumn.P99_MS);
        public static final Metric THROUGHPUT = of(ReportColumn.THROUGHPUT_PER_S);
        public static final Metric ERROR_PERCENT = of(ReportColumn.ERROR_PCT);

        public Metric {
            if (column.metric().isEmpty()) {
                throw new IllegalArgumentException(column.id() + " is not a column claims may name");
            }
        }

        private static Metric of(ReportColumn column) {
            return ALL.stream().filter(m -> m.column == column).findFirst().orElseThrow();
        }

        public String id() {
            return column.metric().orElseThrow();
        }

        public String unit() {
            return column.unit().symbol();
        }

        /** The metric a claim names by {@code id}, or null when no column claims may name has it. */
        public static Metric byId(String id) {
            return ReportColumn.byMetric(id).map(Metric::of).orElse(null);
        }

        public static String validIds() {
            return String.join(", ", ReportColumn.metrics());
        }
    }

    /**
     * What the monitor recorded that a MONITOR claim can be about (the monitor's files, {@code
     * org.dbstudy.vocabulary.files.MonitorColumns}), as one number per monitored moment.
     */
    public enum MonitorFigure {
        /** The host's CPU busy, 100 − idle, % of all cores. */
        HOST_CPU_BUSY_PCT("host_cpu_busy_pct", "%"),
        /** The host's memory used, % of its total. */
        HOST_MEM_USED_PCT("host_mem_used_pct", "%"),
        /** The database server processes' CPU, % of one core. */
        SERVER_CPU_PCT("server_cpu_pct_of_one_core", "%");

        private final String id;
        private final String unit;

        MonitorFigure(String id, String unit) {
            this.id = id;
            this.unit = unit;
        }

        public String id() {
            return id;
        }

        public String unit() {
            return unit;
        }

        public static MonitorFigure byId(String id) {
            return Arrays.stream(values()).filter(m -> m.id.equals(id)).findFirst().orElse(null);
        }

        public static String validIds() {
            return String.join(", ", Arrays.stream(values()).map(MonitorFigure::id).toList());
        }
    }

    /** BEST: whether the best level is the one with the highest value (the direction, else throughput's). */
    public boolean highestIsBest() {
        return direction == Direction.HIGHEST || direction == null && metric == Metric.THROUGHPUT;
    }

    public boolean testable() {
        return untestable.isEmpty();
    }

    /** "isolation=SERIALIZABLE, clients=2" in the factors' order of {@code order}, others after. */
    public static String describe(Map<String, String> levels, List<String> order) {
        StringBuilder sb = new StringBuilder();
        levels.entrySet().stream()
                .sorted((x, y) -> Integer.compare(rank(order, x.getKey()), rank(order, y.getKey())))
                .forEach(e -> sb.append(sb.length() == 0 ? "" : ", ").append(e.getKey()).append('=').append(e.getValue()));
        return sb.toString();
    }

    private static int rank(List<String> order, String factor) {
        int i = order.indexOf(factor);
        return i < 0 ? Integer.MAX_VALUE : i;
    }
}
