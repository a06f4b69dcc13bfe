package org.dbstudy.analysis.report.html;

import java.util.List;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.analysis.report.format.Html;

/** What the reader must know before the numbers: analysis warnings and runs that failed or did not finish. */
final class WarningsSection implements ReportSection {
    @Override
    public String id() {
        return "warnings";
    }

    @Override
    public String title() {
        return "Warnings";
    }

    @Override
    public boolean applies(ReportPage page) {
        return !page.result().warnings().isEmpty() || !page.result().unfinished().isEmpty();
    }

    @Override
    public void write(Html h, ReportPage page) {
        StudyResult r = page.result();
        h.h2(id(), title());
        if (!r.warnings().isEmpty()) {
            h.raw("<div class=warn>").list(HtmlReport.capped(r.warnings())).raw("</div>");
        }
        if (!r.unfinished().isEmpty()) {
            h.h3("Failed or unfinished runs").table(List.of("cell", "replicate", "status", "reason"),
                    r.unfinished().stream().map(u -> List.of(u.cell(), Integer.toString(u.replicate()), u.status(),
                            u.reason())).toList());
        }
    }
}
