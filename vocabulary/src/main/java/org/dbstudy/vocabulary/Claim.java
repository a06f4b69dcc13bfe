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
 * @param direction  TREND: which way the metric goes as the factor's level grows
 * @param low        RATIO/LIMIT: lower bound (NaN: none); THRESHOLD: the metric is above it past {@code upTo} (NaN: no check)
 * @param high       RATIO/LIMIT: upper bound (NaN: none); THRESHOLD: the metric's most at levels up to {@code upTo}
 * @param upTo       THRESHOLD: the factor's last level the bound {@code high} applies to
 * @param paper      the paper's value in words (empty for expectations)
 * @param untestable why this cannot be checked with dbstudy (empty when it can)
 */
public record Claim(String id, Origin origin, String source, String says, Kind kind, Metric metric, String label,
                    Map<String, String> where, Map<String, String> a, Map<String, String> b, String factor,
                    Direction direction, double low, double high, String upTo, String paper, String untestable) {

    public Claim {
        where = Map.copyOf(where);
        a = Map.copyOf(a);
        b = Map.copyOf(b);
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
        LIMIT;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Kind byId(String id) {
            return Arrays.stream(values()).filter(k -> k.id().equals(id)).findFirst().orElse(null);
        }

        public static String validIds() {
            return String.join(", ", Arrays.stream(values()).map(Kind::id).toList());
        }
    }

    public enum Direction {
        INCREASING, DECREASING;

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
