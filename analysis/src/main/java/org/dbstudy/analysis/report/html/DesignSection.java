package org.dbstudy.analysis.report.html;

import org.dbstudy.analysis.report.files.DesignReport;
import org.dbstudy.analysis.report.format.Html;

/** A fractional design's effects with their aliasing, or a one-factor-at-a-time design's changes. */
final class DesignSection implements ReportSection {
    @Override
    public String id() {
        return "design";
    }

    @Override
    public String title() {
        return "Design";
    }

    @Override
    public boolean applies(ReportPage page) {
        return !page.result().design().effects().isEmpty() || !page.result().design().changes().isEmpty();
    }

    @Override
    public void write(Html h, ReportPage page) {
        h.raw("<span id=design></span>");
        DesignReport.html(h, page.result());
    }
}
