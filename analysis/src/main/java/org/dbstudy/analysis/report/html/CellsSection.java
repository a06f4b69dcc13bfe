package org.dbstudy.analysis.report.html;

import java.util.ArrayList;
import java.util.List;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.RunValues;
import org.dbstudy.analysis.cells.SampleStats;
import org.dbstudy.analysis.cells.Spread;
import org.dbstudy.analysis.reading.SampleSet;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.analysis.report.format.ColumnFormat;
import org.dbstudy.analysis.report.format.Fmt;
import org.dbstudy.analysis.statistics.ColumnTable;
import org.dbstudy.vocabulary.files.ReportColumn;
import org.dbstudy.analysis.report.format.Html;

/**
 * Per cell: response times of the analysed samples with intervals and error rates, then JMeter's Aggregate Report.
 * Cells are named by their factors' levels ({@link CellColumns}). For a JTL without a manifest the cells are the
 * plan's labels: the section says so, and its Aggregate Report ends with JMeter's TOTAL row over all of them.
 */
final class CellsSection implements ReportSection {
    @Override
    public String id() {
        return "cells";
    }

    @Override
    public String title() {
        return "Cells";
    }

    private static String title(StudyResult r) {
        return CellColumns.labels(r) ? "Labels" : "Cells";
    }

    @Override
    public boolean applies(ReportPage page) {
        return !page.result().cells().isEmpty();
    }

    @Override
    public void write(Html h, ReportPage page) {
        StudyResult r = page.result();
        List<Outcome> outcomes = r.outcomesSeen();
        SampleSet set = r.options().samples();
        List<String> header = new ArrayList<>(CellColumns.header(r));
        String of = set == SampleSet.ALL ? "" : " ok";
        header.addAll(List.of("samples", "errors", "error %", "mean" + of + " ms", "95% interval of the mean (between runs unless marked)", "runs",
                "median" + of + " ms", "90%" + of + " ms", "95%" + of + " ms", "99%" + of + " ms", "max" + of + " ms",
                "successful/s", "failed/s"));
        outcomes.forEach(o -> header.add(o.label()));
        boolean cutOff = r.retryingAtEnd() > 0;
        if (cutOff) {
            header.add("retrying at end");
        }
        List<List<String>> rows = new ArrayList<>();
        boolean withinOnly = false;
        for (CellResult c : r.cells()) {
            List<String> row = new ArrayList<>(CellColumns.of(r, c));
            SampleStats s = c.stats();
            SampleStats a = c.analysed();
            Spread spread = c.spread(RunValues.MEAN);
            double[] ci = spread.interval(a.mean());
            boolean within = spread.method() == Spread.Method.WITHIN_RUN && !c.runs().isEmpty();
            withinOnly |= within;
            String interval = spread.tooFewForAnInterval(a.mean()) ? "too few runs for an interval"
                    : Double.isNaN(ci[0]) ? "" : Fmt.num(ci[0], 1) + "\u00a0–\u00a0" + Fmt.num(ci[1], 1)
                    + (within ? " (within-run only, " + Fmt.num(spread.batchSeconds(), 0) + " s batches)" : "");
            row.addAll(List.of(Fmt.num(s.samples()), Fmt.num(s.errors()), Fmt.num(s.errorPercent(), 2), Fmt.num(a.mean(), 1),
                    interval, Fmt.num(c.runs().size()), Fmt.num(a.median(), 0), Fmt.num(a.p90(), 0), Fmt.num(a.p95(), 0),
                    Fmt.num(a.p99(), 0), Fmt.num(a.max(), 0), Fmt.num(c.success().throughputPerSecond(), 2),
                    Fmt.num(c.failedPerSecond(), 2)));
            outcomes.forEach(o -> row.add(Fmt.num(c.accumulator().errors(o))));
            if (cutOff) {
                row.add(Fmt.num(c.accumulator().retryingAtEnd()));
            }
            rows.add(row);
        }
        h.h2(id(), title(r)).p((CellColumns.labels(r) ? "No manifest: each label of the plan is one row. " : "")
                + "Response times of " + set.description() + ", with the error rate beside them"
                + (set == SampleSet.ALL ? "." : " (analyze --samples all would mix failed samples in)."
                + " The next table has JMeter's Aggregate Report numbers over all samples."));
        h.table(header, rows);
        if (withinOnly) {
            h.note("within-run only: the cell has one run, so its interval comes from batch means over time within that "
                    + "run. It allows for autocorrelation but not for how another run would differ; run each cell "
                    + "3 or more times (replicates) for an interval between runs. Intervals are taken on the log scale, so neither "
                    + "end goes below 0; where the standard error exceeds the mean itself the cell says too few runs for an interval.");
        }
        if (cutOff) {
            h.note("retrying at end: samples still retrying (after a serialization failure, deadlock or lock timeout) "
                    + "when the cell's window ended. The cell cut them short; they are not in the errors or the error rate.");
        }
        aggregateReport(h, r);
    }

    /** JMeter's Aggregate Report over all samples, successful and failed together; a TOTAL row over a plan's labels. */
    private static void aggregateReport(Html h, StudyResult r) {
        List<String> aggregate = new ArrayList<>(CellColumns.header(r));
        AGGREGATE.forEach(c -> aggregate.add(c.heading().orElseThrow()));
        List<List<String>> all = new ArrayList<>();
        List<String> classes = new ArrayList<>();
        for (CellResult c : r.cells()) {
            List<String> row = new ArrayList<>(CellColumns.of(r, c));
            row.addAll(aggregateNumbers(ColumnTable.Group.all(c)));
            all.add(row);
            classes.add("");
        }
        boolean total = CellColumns.labels(r) && r.total().isPresent();
        if (total) {
            List<String> row = new ArrayList<>(List.of(TOTAL));
            row.addAll(aggregateNumbers(r.total().get()));
            all.add(row);
            classes.add("total");
        }
        h.h3("All samples: JMeter's Aggregate Report")
                .p("Successful and failed samples together, computed as JMeter's Aggregate Report (and jmeter -g's statistics"
                        + " table except its interpolated percentiles) computes them, so these numbers can be checked"
                        + " against JMeter's own." + (total ? " " + TOTAL + ": every sample of every label, as JMeter's"
                        + " TOTAL row (its samples/s over the time from the first start to the last end)." : ""))
                .table(aggregate, all, classes);
    }

    /** JMeter's name for the row over all labels (Aggregate Report, Summary Report). */
    static final String TOTAL = "TOTAL";

    /** The report's all-samples columns the page shows, in file order. */
    private static final List<ReportColumn> AGGREGATE = ReportColumn.of(ReportColumn.Part.ALL).stream()
            .filter(c -> c.heading().isPresent()).toList();

    private static List<String> aggregateNumbers(ColumnTable.Group g) {
        return AGGREGATE.stream().map(c -> ColumnFormat.page(c, ColumnTable.of(c, g))).toList();
    }
}
