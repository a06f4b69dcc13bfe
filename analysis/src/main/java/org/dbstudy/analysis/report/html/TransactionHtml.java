package org.dbstudy.analysis.report.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.Manifest;
import org.dbstudy.analysis.cells.RunNotes;
import org.dbstudy.analysis.cells.SampleStats;
import org.dbstudy.analysis.cells.TryCounts;
import org.dbstudy.analysis.reading.SampleSet;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.vocabulary.TransactionColumns;
import org.dbstudy.analysis.report.format.Fmt;
import org.dbstudy.analysis.report.format.Html;
import org.dbstudy.analysis.report.files.TransactionReport;

/**
 * The page's transactional sections, OLTPBench's S1 table per cell (requests, requests/s, mean and
 * 99 % line over all transactions and queries, tries, rollbacks by class, consistency beside the
 * levels), the same per transaction type and query, and each cell's captured plans.
 */
final class TransactionHtml {
    /** A plans file larger than this is cut on the page (the link has it all). */
    static final int MAX_PLAN_CHARS = 100_000;

    private TransactionHtml() {
    }

    static void write(Html h, StudyResult r, String id) {
        perCell(h, r, id);
        if (TransactionReport.mixesLabels(r)) {
            perLabel(h, r); // one label per cell would repeat the table above
        }
        plans(h, r);
    }

    private static String of(StudyResult r) {
        return r.options().samples() == SampleSet.ALL ? "" : " ok";
    }

    private static void perCell(Html h, StudyResult r, String id) {
        List<Outcome> rollbacks = TransactionReport.rollbackClasses(r);
        boolean checked = TransactionReport.checked(r);
        boolean loaded = TransactionReport.loaded(r);
        List<String> header = new ArrayList<>(CellColumns.header(r));
        if (checked) {
            header.add("consistency violations");
        }
        if (loaded) {
            header.add("data start");
        }
        header.addAll(List.of("requests", "requests/s", "mean" + of(r) + " ms",
                "99%" + of(r) + " ms", "tries mean", "tries max"));
        rollbacks.forEach(o -> header.add("rollbacks " + o.label()));
        List<List<String>> rows = new ArrayList<>();
        for (CellResult c : r.cells()) {
            List<String> row = new ArrayList<>(CellColumns.of(r, c));
            long v = TransactionReport.violations(c);
            SampleStats a = c.analysed();
            TryCounts t = c.accumulator().tries();
            if (checked) {
                row.add(v < 0 ? "not checked" : Fmt.num(v));
            }
            if (loaded) {
                row.add(TransactionReport.dataStart(c));
            }
            row.addAll(List.of(Fmt.num(c.stats().samples()),
                    Fmt.num(c.stats().throughputPerSecond(), 1), Fmt.num(a.mean(), 1), Fmt.num(a.p99(), 0),
                    Fmt.num(t.mean(), 3), Fmt.num(t.max(), 0)));
            rollbacks.forEach(o -> row.add(Fmt.num(c.accumulator().rollbacks(o))));
            rows.add(row);
        }
        h.h2(id, "Transactions per cell").p("As OLTPBench reports a run: requests = all top-level samples (transactions and"
                + " queries, failed ones included) and requests/s over the cell's time; mean and 99% line over "
                + r.options().samples().description() + ". Tries = the sampler's tries per sample (retries with new"
                + " inputs); rollbacks by class = tries that ended without a commit: retried tries, failed samples' last"
                + " tries, and intended_rollback for TPC-C New-Order's 1 % (successful samples)."
                + (checked ? " Consistency violations = TPC-C conditions or a custom workload's checks violated after the cell, summed over its runs." : "")
                + (loaded ? " Data start, the study's reset policy at work: loaded = loaded afresh before the cell (reset"
                + " per-cell, or a warehouse count's first cell), restored = the loaded state put back (reset per-level),"
                + " reused = the previous cell's end state, kept = whatever was there (reset never)." : "")
                + (TransactionReport.mixesLabels(r) ? " " + TransactionColumns.CELL_LABELS_FILE
                + " has the same per transaction type and query." : ""));
        h.table(header, rows);
    }

    private static void perLabel(Html h, StudyResult r) {
        List<String> labels = TransactionReport.labels(r);
        if (labels.isEmpty()) {
            return;
        }
        List<String> header = new ArrayList<>(CellColumns.header(r));
        labels.forEach(l -> header.add(l));
        List<List<String>> rows = new ArrayList<>();
        boolean all = r.options().samples() == SampleSet.ALL;
        for (CellResult c : r.cells()) {
            List<String> row = new ArrayList<>(CellColumns.of(r, c));
            Map<String, TransactionReport.LabelNumbers> numbers = TransactionReport.numbersByLabel(c, labels);
            for (String l : labels) {
                TransactionReport.LabelNumbers n = numbers.get(l);
                SampleStats s = n == null ? null : all ? n.all() : n.success();
                row.add(n == null ? "" : Fmt.num(n.all().samples()) + " · " + Fmt.num(n.requestsPerSecond(), 1) + "/s · "
                        + Fmt.num(s.mean(), 1) + " · " + Fmt.num(s.p99(), 0));
            }
            rows.add(row);
        }
        h.h3("Per transaction type and query").p("Each field: requests · requests/s (over the cell's time) · mean"
                + of(r) + " ms · 99%" + of(r) + " ms. " + TransactionColumns.CELL_LABELS_FILE
                + " has them with both sample sets and the tries.");
        h.table(header, rows);
    }

    /** Each cell's captured plans: the first run's file shown, every run's linked. */
    private static void plans(Html h, StudyResult r) {
        if (r.cells().stream().noneMatch(c -> c.notes().stream().anyMatch(n -> n.planFile() != null))) {
            return;
        }
        Path base = r.manifest().map(Manifest::studyDir).orElse(Path.of("").toAbsolutePath());
        Path out = r.options().outDir().toAbsolutePath();
        h.h3("Plans after each cell").p("The chosen queries' plans with actual times, captured right after each cell"
                + " (PostgreSQL EXPLAIN (ANALYZE, BUFFERS), MariaDB ANALYZE FORMAT=JSON, MySQL EXPLAIN ANALYZE).");
        for (CellResult c : r.cells()) {
            List<Path> files = c.notes().stream().map(RunNotes::planFile).filter(f -> f != null).map(base::resolve).toList();
            if (files.isEmpty()) {
                continue;
            }
            h.raw("<details><summary>").raw(Html.escape(c.name())).raw(" (").raw(Integer.toString(files.size()))
                    .raw(files.size() == 1 ? " run" : " runs").raw(")</summary>\n<p>");
            for (Path f : files) {
                String link = out.relativize(f.toAbsolutePath()).toString().replace('\\', '/');
                h.raw("<a href=\"").raw(Html.escape(link)).raw("\">").raw(Html.escape(f.getFileName().toString())).raw("</a> ");
            }
            h.raw("</p>\n<pre>").raw(Html.escape(planText(files.get(0)))).raw("</pre></details>\n");
        }
    }

    private static String planText(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            return text.length() <= MAX_PLAN_CHARS ? text
                    : text.substring(0, MAX_PLAN_CHARS) + "\n… cut here; the file has " + text.length() + " characters";
        } catch (IOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }
}
