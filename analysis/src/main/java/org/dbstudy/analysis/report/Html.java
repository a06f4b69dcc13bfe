package org.dbstudy.analysis.report;

import java.util.List;
import org.dbstudy.analysis.cells.Levels;

/** A small HTML builder: escaped text, headings, paragraphs and tables. */
public final class Html {
    private final StringBuilder out = new StringBuilder();

    public static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    public Html raw(String html) {
        out.append(html);
        return this;
    }

    public Html h2(String text) {
        return raw("<h2>").raw(escape(text)).raw("</h2>\n");
    }

    public Html p(String text) {
        return raw("<p>").raw(escape(text)).raw("</p>\n");
    }

    /** A table; cells that hold a number are right-aligned. */
    public Html table(List<String> header, List<List<String>> rows) {
        raw("<table><thead><tr>");
        header.forEach(h -> raw("<th>").raw(escape(h)).raw("</th>"));
        raw("</tr></thead><tbody>\n");
        for (List<String> row : rows) {
            raw("<tr>");
            for (String cell : row) {
                raw(Double.isNaN(Levels.number(cell)) ? "<td>" : "<td class=n>").raw(escape(cell)).raw("</td>");
            }
            raw("</tr>\n");
        }
        return raw("</tbody></table>\n");
    }

    public Html list(List<String> items) {
        raw("<ul>");
        items.forEach(i -> raw("<li>").raw(escape(i)).raw("</li>"));
        return raw("</ul>\n");
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
