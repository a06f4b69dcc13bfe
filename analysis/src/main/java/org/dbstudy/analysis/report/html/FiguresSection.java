package org.dbstudy.analysis.report.html;

import org.dbstudy.analysis.report.figures.FactorCharts;
import org.dbstudy.analysis.report.format.Html;

/** The figures against the study's factors, in the seed studies' layouts ({@link FactorCharts}). */
final class FiguresSection implements ReportSection {
    @Override
    public String id() {
        return "figures";
    }

    @Override
    public String title() {
        return "Figures";
    }

    @Override
    public boolean applies(ReportPage page) {
        return !page.charts(FactorCharts.SECTION).isEmpty();
    }

    @Override
    public void write(Html h, ReportPage page) {
        h.h2(id(), title());
        h.note("Each figure is inline SVG here, with its PNG, SVG and PDF files linked beside the caption; captions.txt has"
                + " every caption. dbstudy figure re-draws any of them from the CSV files with another statistic, layout,"
                + " title, font size, log axis, palette, legend or y scales.");
        page.charts(FactorCharts.SECTION).forEach(c -> page.figure(h, c));
    }
}
