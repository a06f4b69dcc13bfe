package org.dbstudy.analysis.report.html;

import java.util.List;
import org.dbstudy.analysis.report.figures.CellCharts;
import org.dbstudy.analysis.report.figures.CellDashboards;
import org.dbstudy.analysis.report.figures.ChartFile;
import org.dbstudy.analysis.report.format.Html;
import org.dbstudy.analysis.report.figures.MonitorCharts;
import org.dbstudy.analysis.report.figures.StudyTimeline;

/**
 * What happened over time: the study on one clock with the server beside it ({@link StudyTimeline}),
 * each cell's dashboard graphs ({@link CellDashboards}, collapsed but the first), and the printable
 * pages of every cell ({@link CellCharts}, {@link MonitorCharts}).
 */
final class OverTimeSection implements ReportSection {
    @Override
    public String id() {
        return "over-time";
    }

    @Override
    public String title() {
        return "Over time";
    }

    @Override
    public boolean applies(ReportPage page) {
        return !page.charts(StudyTimeline.SECTION).isEmpty() || !page.charts(CellDashboards.SECTION).isEmpty()
                || !page.charts(CellCharts.OVER_TIME).isEmpty();
    }

    @Override
    public void write(Html h, ReportPage page) {
        h.h2(id(), "Over time");
        page.charts(StudyTimeline.SECTION).forEach(c -> page.figure(h, c));
        List<ChartFile> cells = page.charts(CellDashboards.SECTION);
        if (!cells.isEmpty()) {
            h.h3("Each cell");
            int shown = 0;
            for (ChartFile c : cells) {
                h.details(c.title(), shown++ == 0);
                page.figure(h, c);
                h.endDetails();
            }
            long more = page.result().cells().stream().filter(c -> c.stats().samples() > 0).count() - cells.size();
            if (more > 0) {
                h.note(more + " more cells are on the pages below.");
            }
        }
        for (String section : List.of(MonitorCharts.SECTION, CellCharts.OVER_TIME, CellCharts.DISTRIBUTIONS)) {
            List<ChartFile> pages = page.charts(section);
            if (!pages.isEmpty()) {
                h.details(section + " (" + pages.size() + (pages.size() == 1 ? " page" : " pages") + " for print)", false);
                pages.forEach(c -> page.figure(h, c));
                if (!section.equals(MonitorCharts.SECTION)) {
                    long left = page.result().cells().stream().filter(c -> c.stats().samples() > 0).count()
                            - CellCharts.MAX_CELLS;
                    if (left > 0) {
                        h.note(left + " more cells are left out of these pages (at most " + CellCharts.MAX_CELLS
                                + "); summary.csv has them all.");
                    }
                }
                h.endDetails();
            }
        }
    }
}
