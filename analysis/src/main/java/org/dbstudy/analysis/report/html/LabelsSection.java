package org.dbstudy.analysis.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dbstudy.analysis.cells.Tally;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.analysis.report.format.Fmt;
import org.dbstudy.analysis.report.format.Html;

/** Every label (sub-results and setUp included) pooled over the cells, and the samples per JMeter agent. */
final class LabelsSection implements ReportSection {
    @Override
    public String id() {
        return "labels";
    }

    @Override
    public String title() {
        return "Labels and agents";
    }

    @Override
    public boolean applies(ReportPage page) {
        return !page.result().labels().isEmpty();
    }

    @Override
    public void write(Html h, ReportPage page) {
        StudyResult r = page.result();
        h.h2(id(), "Labels").p("All labels pooled over every cell, sub-results included (they never count in a cell's"
                + " statistics).");
        h.table(List.of("label", "sub-result", "samples", "errors", "mean ms", "median ms", "90% ms", "99% ms"),
                r.labels().stream().map(l -> List.of(l.label(), l.subResult() ? "yes" : "no", Fmt.num(l.stats().samples()),
                        Fmt.num(l.stats().errors()), Fmt.num(l.stats().mean(), 1), Fmt.num(l.stats().median(), 0),
                        Fmt.num(l.stats().p90(), 0), Fmt.num(l.stats().p99(), 0))).limit(HtmlReport.MAX_ROWS).toList());
        List<List<String>> agents = new ArrayList<>();
        for (Map.Entry<String, Tally> e : r.agents().entrySet()) {
            agents.add(List.of(e.getKey(), Fmt.num(e.getValue().samples), Fmt.num(e.getValue().errors)));
        }
        h.h3("Agents").table(List.of("agent", "samples", "errors"), agents);
    }
}
