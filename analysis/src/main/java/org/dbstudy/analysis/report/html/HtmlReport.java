package org.dbstudy.analysis.report.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.analysis.report.figures.ChartFile;
import org.dbstudy.analysis.report.format.Html;

/**
 * Writes index.html: the answer first (design, each factor's effect with intervals, validity), then
 * the comparison with the baseline, the cells, the workload's own sections, tests, errors, figures
 * and what happened over time, with the environment collapsed at the end. One self-contained page
 * (inline style, script and SVG figures; PNG, SVG and PDF files beside it) that works from disk.
 * The page is {@link #SECTIONS} in order; long tables are cut with a pointer to the CSV that has them all.
 */
public final class HtmlReport {
    public static final int MAX_ROWS = 400;

    /** The page, in order. A new part is one more line here. */
    public static final List<ReportSection> SECTIONS = List.of(
            new AnswerSection(),
            new ReproductionSection(),
            new WarningsSection(),
            new ComparisonSection(),
            new CellsSection(),
            new StoppingSection(),
            new ValiditySection(),
            new TransactionsSection(),
            new DesignSection(),
            new TestsSection(),
            new ErrorsSection(),
            new FiguresSection(),
            new OverTimeSection(),
            new LabelsSection(),
            new EnvironmentSection());

    private HtmlReport() {
    }

    public static void write(StudyResult r, List<ChartFile> charts, Path file) throws IOException {
        ReportPage page = new ReportPage(r, charts, file.toAbsolutePath().getParent());
        List<ReportSection> shown = SECTIONS.stream().filter(s -> s.applies(page)).toList();
        Html h = new Html();
        h.raw("<!DOCTYPE html><html lang=en><head><meta charset=utf-8><meta name=viewport content=\"width=device-width\">"
                + "<title>").raw(Html.escape(AnswerSection.title(r))).raw("</title><style>").raw(PageScript.CSS)
                .raw("</style></head><body>\n");
        h.raw("<h1>").raw(Html.escape(AnswerSection.title(r))).raw("</h1>\n<nav>");
        for (ReportSection s : shown) {
            h.raw("<a href=\"#").raw(Html.escape(s.id())).raw("\">").raw(Html.escape(s.title())).raw("</a> ");
        }
        h.raw("</nav>\n");
        for (ReportSection s : shown) {
            s.write(h, page);
        }
        h.raw("<script>").raw(PageScript.JS).raw("</script></body></html>\n");
        Files.writeString(file, h.toString(), StandardCharsets.UTF_8);
    }

    static List<String> capped(List<String> items) {
        if (items.size() <= MAX_ROWS) {
            return items;
        }
        List<String> shown = new java.util.ArrayList<>(items.subList(0, MAX_ROWS));
        shown.add("… and " + (items.size() - MAX_ROWS) + " more (see the CSV files)");
        return shown;
    }
}
