package org.dbstudy.analysis.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.vocabulary.TransactionColumns;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.RunValues;
import org.dbstudy.analysis.cells.SampleStats;
import org.dbstudy.analysis.cells.Spread;
import org.dbstudy.analysis.cells.Tally;
import org.dbstudy.analysis.reading.SampleSet;
import org.dbstudy.analysis.statistics.FactorTests;
import org.dbstudy.analysis.statistics.GroupErrors;
import org.dbstudy.analysis.statistics.Speedup;
import org.dbstudy.analysis.statistics.SpeedupFinder;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.analysis.statistics.TestResult;

/**
 * Writes index.html: one page with inline CSS and the charts as PNGs beside it. Tests are read
 * out in words; long lists are cut with a pointer to the CSV that has them all.
 */
public final class HtmlReport {
    public static final int MAX_ROWS = 400;
    private static final String CSS = "body{font-family:sans-serif;margin:2em;max-width:1400px;color:#222}"
            + "table{border-collapse:collapse;font-size:13px;margin-bottom:1em}"
            + "th,td{border:1px solid #ccc;padding:2px 6px}th{background:#eee}td.n{text-align:right}"
            + "tr:nth-child(even){background:#f8f8f8}.warn{color:#a40}img{max-width:100%;border:1px solid #ddd;margin:4px 0}"
            + "li{margin:2px 0}";

    private HtmlReport() {
    }

    public static void write(StudyResult r, List<ChartFile> charts, Path file) throws IOException {
        Html h = new Html();
        h.raw("<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>dbstudy analysis</title><style>")
                .raw(CSS).raw("</style></head><body>\n<h1>dbstudy analysis</h1>\n");
        h.p(r.files() + " result file(s), " + r.cells().size() + " cell(s), " + r.samples() + " top-level samples"
                + (r.warmupExcluded() > 0 ? ", " + r.warmupExcluded() + " warm-up samples excluded" : "")
                + ". Percentiles are JMeter's Aggregate Report lines, exactly; README.txt says how every number is computed.");
        h.raw("<p>Data: <a href=summary.csv>summary.csv</a> · <a href=tests.csv>tests.csv</a> · <a href=speedup.csv>speedup.csv</a>"
                + " · <a href=labels.csv>labels.csv</a> · <a href=agents.csv>agents.csv</a>"
                + (TransactionReport.labels(r).isEmpty() ? "" : " · <a href=" + TransactionColumns.CELL_LABELS_FILE + ">"
                        + TransactionColumns.CELL_LABELS_FILE + "</a>")
                + (r.design().effects().isEmpty() ? "" : " · <a href=" + DesignReport.EFFECTS_FILE + ">"
                        + DesignReport.EFFECTS_FILE + "</a>")
                + (r.design().changes().isEmpty() ? "" : " · <a href=" + DesignReport.CONFIGURATIONS_FILE + ">"
                        + DesignReport.CONFIGURATIONS_FILE + "</a>")
                + " · <a href=README.txt>README.txt</a></p>\n");
        if (!r.warnings().isEmpty()) {
            h.h2("Warnings").raw("<div class=warn>").list(capped(r.warnings())).raw("</div>");
        }
        environment(h, r.environments());
        if (!r.unfinished().isEmpty()) {
            h.h2("Failed or unfinished runs").table(List.of("cell", "replicate", "status", "reason"),
                    r.unfinished().stream().map(u -> List.of(u.cell(), Integer.toString(u.replicate()), u.status(), u.reason())).toList());
        }
        cells(h, r);
        TransactionHtml.write(h, r);
        DesignReport.html(h, r);
        tests(h, r);
        speedups(h, r);
        h.h2("Labels").p("All labels, sub-results included (they never count in a cell's statistics).");
        h.table(List.of("label", "sub-result", "samples", "errors", "mean ms", "median ms", "90% ms", "99% ms"),
                r.labels().stream().map(l -> List.of(l.label(), l.subResult() ? "yes" : "no", Fmt.num(l.stats().samples()),
                        Fmt.num(l.stats().errors()), Fmt.num(l.stats().mean(), 1), Fmt.num(l.stats().median(), 0),
                        Fmt.num(l.stats().p90(), 0), Fmt.num(l.stats().p99(), 0))).limit(MAX_ROWS).toList());
        h.h2("Agents");
        List<List<String>> agents = new ArrayList<>();
        for (Map.Entry<String, Tally> e : r.agents().entrySet()) {
            agents.add(List.of(e.getKey(), Fmt.num(e.getValue().samples), Fmt.num(e.getValue().errors)));
        }
        h.table(List.of("agent", "samples", "errors"), agents);
        charts(h, charts);
        h.raw("</body></html>\n");
        Files.writeString(file, h.toString(), StandardCharsets.UTF_8);
    }

    /** One column per run; with several runs, settings that differ between them are marked. */
    public static void environment(Html h, Map<String, Map<String, String>> environments) {
        if (environments.isEmpty()) {
            return;
        }
        if (environments.size() == 1) {
            List<List<String>> rows = new ArrayList<>();
            environments.values().iterator().next().forEach((k, v) -> rows.add(List.of(k, v)));
            h.h2("Environment").table(List.of("setting", "value"), rows);
            return;
        }
        Set<String> keys = new LinkedHashSet<>();
        environments.values().forEach(e -> keys.addAll(e.keySet()));
        List<String> header = new ArrayList<>(List.of("differs", "setting"));
        header.addAll(environments.keySet());
        List<List<String>> rows = new ArrayList<>();
        int differing = 0;
        for (String key : keys) {
            List<String> values = environments.values().stream().map(e -> e.getOrDefault(key, "")).toList();
            boolean differs = values.stream().distinct().count() > 1;
            differing += differs ? 1 : 0;
            List<String> row = new ArrayList<>(List.of(differs ? "≠" : "", key));
            row.addAll(values);
            rows.add(row);
        }
        h.h2("Environment of each run").p(environments.size() + " runs side by side; " + differing
                + " setting(s) differ between them, marked ≠ (start times and paths differ by nature).");
        h.table(header, rows);
    }

    /** Response times of the analysed samples with their intervals, error rates beside them. */
    private static void cells(Html h, StudyResult r) {
        List<Outcome> outcomes = r.outcomesSeen();
        SampleSet set = r.options().samples();
        List<String> header = new ArrayList<>(List.of("cell"));
        header.addAll(r.factors());
        String of = set == SampleSet.ALL ? "" : " ok";
        header.addAll(List.of("samples", "errors", "error %", "mean" + of + " ms", "95% interval of the mean", "runs",
                "median" + of + " ms", "90%" + of + " ms", "95%" + of + " ms", "99%" + of + " ms", "max" + of + " ms",
                "successful/s", "failed/s"));
        outcomes.forEach(o -> header.add(o.label()));
        List<List<String>> rows = new ArrayList<>();
        boolean withinOnly = false;
        for (CellResult c : r.cells()) {
            List<String> row = new ArrayList<>(List.of(c.name()));
            row.addAll(c.levels());
            SampleStats s = c.stats();
            SampleStats a = c.analysed();
            Spread spread = c.spread(RunValues.MEAN);
            double[] ci = spread.interval(a.mean());
            boolean within = spread.method() == Spread.Method.WITHIN_RUN && !c.runs().isEmpty();
            withinOnly |= within;
            String interval = Double.isNaN(ci[0]) ? "" : Fmt.num(ci[0], 1) + " – " + Fmt.num(ci[1], 1)
                    + (within ? " (within-run only, " + Fmt.num(spread.batchSeconds(), 0) + " s batches)" : " (between runs)");
            row.addAll(List.of(Fmt.num(s.samples()), Fmt.num(s.errors()), Fmt.num(s.errorPercent(), 2), Fmt.num(a.mean(), 1),
                    interval, Fmt.num(c.runs().size()), Fmt.num(a.median(), 0), Fmt.num(a.p90(), 0), Fmt.num(a.p95(), 0),
                    Fmt.num(a.p99(), 0), Fmt.num(a.max(), 0), Fmt.num(c.success().throughputPerSecond(), 2),
                    Fmt.num(c.failedPerSecond(), 2)));
            outcomes.forEach(o -> row.add(Fmt.num(c.accumulator().errors(o))));
            rows.add(row);
        }
        h.h2("Cells").p("Response times of " + set.description() + ", with the error rate beside them"
                + (set == SampleSet.ALL ? "." : " (analyze --samples all would mix failed samples in)."
                + " The next table has JMeter's Aggregate Report numbers over all samples."));
        h.table(header, rows);
        if (withinOnly) {
            h.p("within-run only: the cell has one run, so its interval comes from batch means over time within that "
                    + "run. It allows for autocorrelation but not for how another run would differ; run each cell "
                    + "3 or more times (replicates) for an interval between runs.");
        }
        if (outcomes.contains(Outcome.TOO_MANY_CONNECTIONS)) {
            h.p("too_many_connections: the server refused connections (PostgreSQL 53300, MySQL/MariaDB 1040) — "
                    + "more clients than max_connections, not slow queries.");
        }
        aggregateReport(h, r);
    }

    /** JMeter's Aggregate Report over all samples, successful and failed together. */
    private static void aggregateReport(Html h, StudyResult r) {
        List<String> aggregate = new ArrayList<>(List.of("cell"));
        aggregate.addAll(r.factors());
        aggregate.addAll(List.of("samples", "errors", "error %", "mean ms", "median ms", "90% ms", "95% ms", "99% ms",
                "min ms", "max ms", "std dev ms", "samples/s"));
        List<List<String>> all = new ArrayList<>();
        for (CellResult c : r.cells()) {
            List<String> row = new ArrayList<>(List.of(c.name()));
            row.addAll(c.levels());
            SampleStats s = c.stats();
            row.addAll(List.of(Fmt.num(s.samples()), Fmt.num(s.errors()), Fmt.num(s.errorPercent(), 2), Fmt.num(s.mean(), 1),
                    Fmt.num(s.median(), 0), Fmt.num(s.p90(), 0), Fmt.num(s.p95(), 0), Fmt.num(s.p99(), 0),
                    Fmt.num(s.min(), 0), Fmt.num(s.max(), 0), Fmt.num(s.stdDev(), 1), Fmt.num(s.throughputPerSecond(), 2)));
            all.add(row);
        }
        h.h2("Cells, all samples (JMeter's Aggregate Report)")
                .p("Successful and failed samples together, as JMeter's Aggregate Report computes them.").table(aggregate, all);
    }

    private static void tests(Html h, StudyResult r) {
        List<String> sentences = new ArrayList<>();
        Map<String, long[]> byFactor = new LinkedHashMap<>();
        long pairs = 0;
        long pairsSignificant = 0;
        GroupErrors errors = new GroupErrors(r.factors(), r.cells());
        for (TestResult t : r.tests()) {
            if (t.test().equals("kruskal-wallis")) {
                List<Double> pct = errors.of(t);
                sentences.add(sentence(t) + (pct.stream().allMatch(e -> e == 0) ? "" : "; error % "
                        + String.join(", ", pct.stream().map(e -> Fmt.num(e, 1)).toList())));
                long[] counts = byFactor.computeIfAbsent(t.factor(), f -> new long[2]);
                counts[0] += t.significant() ? 1 : 0;
                counts[1]++;
            } else if (t.test().equals("mann-whitney")) {
                pairs++;
                pairsSignificant += t.significant() ? 1 : 0;
            }
        }
        if (sentences.isEmpty()) {
            return;
        }
        h.h2("Does response time differ? (Kruskal-Wallis)").p("Response times of " + r.options().samples().description()
                + "; error rates are in the cell table. These rank tests take every sample as independent; samples of "
                + "one run are autocorrelated and runs differ, so their p-values are far too small for a claim about the "
                + "servers: judge differences by the intervals between runs.");
        List<String> overview = new ArrayList<>();
        byFactor.forEach((factor, c) -> overview.add(factor + ": p < 0.05 in " + c[0] + " of " + c[1]
                + (c[1] == 1 ? " test" : " tests (one per setting of the other factors)")));
        h.list(overview).list(capped(sentences));
        h.p(pairsSignificant + " of " + pairs + " pairwise Mann-Whitney tests differ at 0.05 after Holm's adjustment; "
                + "tests.csv lists them with Dunn's tests and effect sizes.");
    }

    /** "p = 0.003 < 0.05: response time differs across users (with operation=read fixed)". */
    public static String sentence(TestResult t) {
        String across = "across " + (t.factor().equals(FactorTests.LABEL) ? "labels" : t.factor())
                + " (" + String.join(", ", t.groups()) + ")";
        String fixed = t.fixed().isEmpty() ? "" : " with " + t.fixed() + " fixed";
        String effect = ", ε² = " + Fmt.num(t.effectSize(), 3);
        if (t.pValue() < TestResult.ALPHA) {
            return "p = " + Fmt.p(t.pValue()) + " < 0.05: response time differs " + across + fixed
                    + " (H = " + Fmt.num(t.statistic(), 2) + effect + ")";
        }
        return "p = " + Fmt.p(t.pValue()) + " ≥ 0.05: no evidence that response time differs " + across + fixed
                + " (H = " + Fmt.num(t.statistic(), 2) + effect + ")";
    }

    private static void speedups(Html h, StudyResult r) {
        if (r.speedups().isEmpty()) {
            return;
        }
        h.h2("Speedups").p("S = T(baseline) / T(treatment) on " + r.options().samples().description()
                + "; S > 1 means the treatment is faster. Brackets: 95% interval, between runs when both cells have "
                + "2 or more runs, else within-run only (batch means over time within each run; too narrow for a "
                + "claim about the servers).");
        // One row per pair of cells, one column per metric.
        List<String> names = SpeedupFinder.others(r.factors(), r.factorIndex(r.speedups().get(0).factor()));
        Map<String, List<String>> byPair = new LinkedHashMap<>();
        for (Speedup s : r.speedups()) {
            List<String> row = byPair.computeIfAbsent(s.baselineCell() + "\n" + s.treatmentCell(), k -> new ArrayList<>(
                    List.of(s.baselineCell(), s.treatmentCell(), FactorTests.fixedText(names, s.others(), -1),
                            s.method() == Spread.Method.BETWEEN_RUNS
                                    ? "between runs (" + s.baselineRuns() + " and " + s.treatmentRuns() + " runs)"
                                    : "within-run only (" + Fmt.num(s.batchSeconds(), 0) + " s batches)")));
            row.add(s.metric() + " " + Fmt.num(s.speedup(), 3) + " [" + Fmt.num(s.ciLow(), 3) + ", "
                    + Fmt.num(s.ciHigh(), 3) + "]");
        }
        List<List<String>> rows = byPair.values().stream().limit(MAX_ROWS).toList();
        h.table(List.of("baseline cell", "treatment cell", "other levels", "interval", "S on mean", "S on median",
                "S on 90% line"), rows);
    }

    private static void charts(Html h, List<ChartFile> charts) {
        Set<String> sections = new LinkedHashSet<>();
        charts.forEach(c -> sections.add(c.section()));
        for (String section : sections) {
            h.h2(section);
            for (ChartFile c : charts) {
                if (c.section().equals(section)) {
                    h.raw("<figure><img src=\"").raw(Html.escape(c.fileName())).raw("\" alt=\"").raw(Html.escape(c.caption()))
                            .raw("\"><figcaption>").raw(Html.escape(c.caption())).raw(" · ");
                    for (String f : c.files()) {
                        h.raw("<a href=\"").raw(Html.escape(f)).raw("\">").raw(Html.escape(f.substring(f.lastIndexOf('.') + 1)
                                .toUpperCase(java.util.Locale.ROOT))).raw("</a> ");
                    }
                    h.raw("</figcaption></figure>\n");
                }
            }
        }
    }

    private static List<String> capped(List<String> items) {
        if (items.size() <= MAX_ROWS) {
            return items;
        }
        List<String> shown = new ArrayList<>(items.subList(0, MAX_ROWS));
        shown.add("… and " + (items.size() - MAX_ROWS) + " more (see the CSV files)");
        return shown;
    }
}
