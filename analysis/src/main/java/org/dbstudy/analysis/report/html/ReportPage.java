package org.dbstudy.analysis.report.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.analysis.report.figures.ChartFile;
import org.dbstudy.analysis.report.format.Html;

/**
 * What the page's sections draw on: the study's results, the figures written beside index.html and
 * the report directory. Figures go in as inline SVG (sharp at any zoom, text searchable) with links
 * to their PNG, SVG and PDF files, and their caption beside them, never in them. An SVG larger than
 * {@link #MAX_INLINE_BYTES} (an hour of 16 cells per second) is shown as an image of its file instead:
 * 2,000 labels of an hour-long run made 42 such figures, a page that no longer fitted the heap.
 */
public record ReportPage(StudyResult result, List<ChartFile> charts, Path dir) {
    static final long MAX_INLINE_BYTES = 1 << 20;

    public ReportPage {
        charts = List.copyOf(charts);
    }

    /** The figures of one section, in the order drawn. */
    public List<ChartFile> charts(String section) {
        return charts.stream().filter(c -> c.section().equals(section)).toList();
    }

    /** A figure: inline SVG when written (else the PNG as an image), its caption and its files. */
    public void figure(Html h, ChartFile c) {
        h.raw("<figure id=\"fig-").raw(Html.escape(c.baseName())).raw("\">");
        String svg = c.svg().map(this::inlineSvg).orElse(null);
        if (svg != null) {
            h.raw(svg);
        } else {
            h.raw("<img loading=lazy src=\"").raw(Html.escape(c.svg().orElse(c.fileName()))).raw("\" alt=\"")
                    .raw(Html.escape(c.title())).raw("\">");
        }
        h.raw("<figcaption>").raw(Html.escape(c.fullCaption())).raw(" ");
        for (String f : c.files()) {
            h.raw("<a href=\"").raw(Html.escape(f)).raw("\">").raw(f.substring(f.lastIndexOf('.') + 1).toUpperCase(Locale.ROOT))
                    .raw("</a> ");
        }
        h.raw("</figcaption></figure>\n");
    }

    /**
     * The SVG file's root element, ready to sit in HTML (no XML declaration or DOCTYPE); null when unreadable or
     * larger than {@link #MAX_INLINE_BYTES}.
     */
    private String inlineSvg(String file) {
        try {
            if (Files.size(dir.resolve(file)) > MAX_INLINE_BYTES) {
                return null;
            }
            String text = Files.readString(dir.resolve(file), StandardCharsets.UTF_8);
            int root = text.indexOf("<svg");
            return root < 0 ? null : text.substring(root).replaceFirst("<svg", "<svg role=\"img\"");
        } catch (IOException e) {
            return null;
        }
    }
}
