package org.dbstudy.analysis.report.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dbstudy.analysis.cells.Accumulator;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.Distinct;
import org.dbstudy.analysis.cells.RunNotes;
import org.dbstudy.analysis.cells.SampleStats;
import org.dbstudy.analysis.cells.TryCounts;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.vocabulary.files.CsvWriter;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.vocabulary.TransactionColumns;
import org.dbstudy.analysis.report.format.Fmt;

/**
 * The transactional side of a study run by the dbstudy sampler, as OLTPBench's S1 reads it: tries per
 * sample and rollbacks by class in summary.csv, consistency violations and the data's start state beside
 * them, and per cell and label (transaction type, analytical query) requests, requests/s, mean and 99 %
 * line in cell-labels.csv. Columns appear only when some cell has what they describe.
 */
public final class TransactionReport {
    private static final Pattern QUERY = Pattern.compile("Q(\\d+)");

    private TransactionReport() {
    }

    /** Whether any cell's samples said how many tries they took (the dbstudy sampler's). */
    public static boolean hasTries(StudyResult r) {
        return r.cells().stream().anyMatch(c -> c.accumulator().tries().samples() > 0);
    }

    /**
     * Whether the page has transactions to speak of: the workload checked consistency or loaded data
     * (TPC-C), its cells mix several transaction types or queries, or samples were retried or rolled
     * back on purpose. A CRUD study's one statement per sample has none of these.
     */
    public static boolean transactional(StudyResult r) {
        return hasTries(r) && (checked(r) || loaded(r) || r.cells().stream().anyMatch(c -> c.labels().size() > 1)
                || r.cells().stream().anyMatch(c -> c.accumulator().tries().max() > 1
                        || c.accumulator().tries().intendedRollbacks() > 0));
    }

    /** Whether some cell's samples are of several labels (transaction types, queries). */
    public static boolean mixesLabels(StudyResult r) {
        return r.cells().stream().anyMatch(c -> c.labels().size() > 1);
    }

    /** Classes with a rollback in some cell, in enum order. */
    public static List<Outcome> rollbackClasses(StudyResult r) {
        return Arrays.stream(Outcome.values()).filter(o -> o != Outcome.SUCCESS)
                .filter(o -> r.cells().stream().anyMatch(c -> c.accumulator().rollbacks(o) > 0)).toList();
    }

    public static boolean checked(StudyResult r) {
        return r.cells().stream().anyMatch(c -> violations(c) >= 0);
    }

    public static boolean loaded(StudyResult r) {
        return r.cells().stream().anyMatch(c -> !dataStart(c).isEmpty());
    }

    /** Violated conditions summed over the cell's checked runs; -1 when none was checked. */
    public static long violations(CellResult c) {
        long sum = -1;
        for (RunNotes n : c.notes()) {
            if (n.violations() >= 0) {
                sum = Math.max(sum, 0) + n.violations();
            }
        }
        return sum;
    }

    /** The runs' data start states, distinct ones joined by {@code |}; empty without a TPC-C load. */
    public static String dataStart(CellResult c) {
        Set<String> starts = new LinkedHashSet<>();
        c.notes().stream().map(RunNotes::dataStart).filter(Objects::nonNull).forEach(d -> starts.add(d.label()));
        return String.join("|", starts);
    }

    /** The summary.csv columns this report adds, after the error classes. */
    public static List<String> summaryHeader(StudyResult r) {
        List<String> header = new ArrayList<>();
        if (!hasTries(r)) {
            return header;
        }
        header.addAll(List.of(TransactionColumns.TRIES_MEAN, TransactionColumns.TRIES_MAX));
        rollbackClasses(r).forEach(o -> header.add(TransactionColumns.rollbacks(o)));
        if (checked(r)) {
            header.add(TransactionColumns.CONSISTENCY_VIOLATIONS);
        }
        if (loaded(r)) {
            header.add(TransactionColumns.DATA_START);
        }
        return header;
    }

    /** One cell's values of {@link #summaryHeader}. */
    public static List<String> summaryFields(StudyResult r, CellResult c) {
        List<String> row = new ArrayList<>();
        if (!hasTries(r)) {
            return row;
        }
        TryCounts t = c.accumulator().tries();
        row.add(Fmt.exact(t.mean()));
        row.add(Fmt.exact(t.max()));
        rollbackClasses(r).forEach(o -> row.add(Fmt.num(c.accumulator().rollbacks(o))));
        if (checked(r)) {
            long v = violations(c);
            row.add(v < 0 ? "" : Fmt.num(v));
        }
        if (loaded(r)) {
            row.add(dataStart(c));
        }
        return row;
    }

    /** Transaction types first (by name), then queries by number. */
    static final Comparator<String> LABEL_ORDER = Comparator.comparing((String l) -> QUERY.matcher(l).matches())
            .thenComparingInt(l -> {
                Matcher m = QUERY.matcher(l);
                return m.matches() ? Integer.parseInt(m.group(1)) : 0;
            }).thenComparing(Comparator.naturalOrder());

    /** Every top-level label of the cells, in {@link #LABEL_ORDER}. */
    public static List<String> labels(StudyResult r) {
        Set<String> all = new LinkedHashSet<>();
        r.cells().forEach(c -> all.addAll(c.labels().keySet()));
        return all.stream().sorted(LABEL_ORDER).toList();
    }

    /** One label's numbers in a cell; requests per second over the cell's time, so a cell's labels add up to it. */
    public record LabelNumbers(SampleStats all, SampleStats success, double requestsPerSecond, double successPerSecond,
                               TryCounts tries) {
        static LabelNumbers of(CellResult c, Accumulator acc) {
            long span = c.accumulator().spanMillis();
            Distinct successes = acc.successTimes().distinct();
            SampleStats ok = SampleStats.ofSuccesses(acc, successes);
            return new LabelNumbers(SampleStats.of(acc), ok, span == 0 ? Double.NaN : acc.samples() * 1000.0 / span,
                    span == 0 ? Double.NaN : ok.samples() * 1000.0 / span, acc.tries());
        }
    }

    public static LabelNumbers numbers(CellResult c, String label) {
        Accumulator acc = c.labels().get(label);
        return acc == null ? null : LabelNumbers.of(c, acc);
    }

    /** cell-labels.csv: one row per cell and label; nothing when no cell has labels (no manifest). */
    public static void writeCellLabels(StudyResult r, Path file) throws IOException {
        List<String> labels = labels(r);
        if (labels.isEmpty()) {
            return;
        }
        List<String> header = new ArrayList<>(List.of("cell"));
        header.addAll(r.factors());
        header.add(TransactionColumns.LABEL);
        header.addAll(TransactionColumns.CELL_LABEL_STATS);
        try (CsvWriter out = new CsvWriter(file, header)) {
            for (CellResult c : r.cells()) {
                for (String label : labels) {
                    LabelNumbers n = numbers(c, label);
                    if (n == null) {
                        continue;
                    }
                    List<String> row = new ArrayList<>(List.of(c.name()));
                    row.addAll(c.levels());
                    row.add(label);
                    row.addAll(List.of(Fmt.num(n.all().samples()), Fmt.num(n.all().errors()), Fmt.exact(n.requestsPerSecond()),
                            Fmt.exact(n.all().mean()), Fmt.exact(n.all().p99()), Fmt.num(n.success().samples()),
                            Fmt.exact(n.successPerSecond()), Fmt.exact(n.success().mean()), Fmt.exact(n.success().p99()),
                            Fmt.exact(n.tries().mean()), Fmt.exact(n.tries().max())));
                    out.row(row);
                }
            }
        }
    }

    /** Per-cell values of the cells' labels, for the page. */
    public static Map<String, LabelNumbers> numbersByLabel(CellResult c, List<String> labels) {
        Map<String, LabelNumbers> out = new java.util.LinkedHashMap<>();
        for (String l : labels) {
            LabelNumbers n = numbers(c, l);
            if (n != null) {
                out.put(l, n);
            }
        }
        return out;
    }
}
