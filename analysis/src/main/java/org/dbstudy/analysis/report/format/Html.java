package org.dbstudy.analysis.report.format;

import java.util.List;
import org.dbstudy.analysis.cells.Levels;

/**
 * A small HTML builder: escaped text, headings with anchors, paragraphs, lists, collapsible parts
 * and tables. Tables are class {@code data}: the page's script lets the reader sort them by a
 * column and filter their rows ({@code PageScript}); cells that hold a number are right-aligned.
 */
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

    /** A section heading the page's contents link to. */
    public Html h2(String id, String text) {
        return raw("<h2 id=\"").raw(escape(id)).raw("\">").raw(escape(text)).raw("</h2>\n");
    }

    public Html h3(String text) {
        return raw("<h3>").raw(escape(text)).raw("</h3>\n");
    }

    public Html p(String text) {
        return raw("<p>").raw(escape(text)).raw("</p>\n");
    }

    /** A paragraph of small print (how a number was computed). */
    public Html note(String text) {
        return raw("<p class=note>").raw(escape(text)).raw("</p>\n");
    }

    /** A sortable, filterable table; cells that hold a number are right-aligned. */
    public Html table(List<String> header, List<List<String>> rows) {
        return table(header, rows, null);
    }

    /** The same, with a class per row (null or "" for none): e.g. {@code differs} to highlight it. */
    public Html table(List<String> header, List<List<String>> rows, List<String> rowClasses) {
        raw("<div class=scroll><table class=data><thead><tr>");
        header.forEach(h -> raw("<th>").raw(escape(h)).raw("</th>"));
        raw("</tr></thead><tbody>\n");
        for (int r = 0; r < rows.size(); r++) {
            String cls = rowClasses == null || r >= rowClasses.size() ? null : rowClasses.get(r);
            raw(cls == null || cls.isEmpty() ? "<tr>" : "<tr class=\"" + escape(cls) + "\">");
            for (String cell : rows.get(r)) {
                raw(Double.isNaN(Levels.number(cell)) ? "<td>" : "<td class=n>").raw(escape(cell)).raw("</td>");
            }
            raw("</tr>\n");
        }
        return raw("</tbody></table></div>\n");
    }

    public Html list(List<String> items) {
        raw("<ul>");
        items.forEach(i -> raw("<li>").raw(escape(i)).raw("</li>"));
        return raw("</ul>\n");
    }

    /** Opens a collapsed part with a summary line; close with {@link #endDetails()}. */
    public Html details(String summary, boolean open) {
        return raw(open ? "<details open><summary>" : "<details><summary>").raw(escape(summary)).raw("</summary>\n");
    }

    public Html endDetails() {
        return raw("</details>\n");
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
