package org.dbstudy.analysis.report.html;

import org.dbstudy.analysis.report.format.Html;

/**
 * One part of index.html. {@link HtmlReport#SECTIONS} lists them in page order; a new part is a
 * class of its own added there with one line. A section that does not apply to the study writes
 * nothing, and then it has no entry in the page's contents.
 */
public interface ReportSection {
    /** The anchor of the section's heading, for the contents at the top. */
    String id();

    /** The heading as the contents list it. */
    String title();

    /** Whether the study has anything for this section. */
    boolean applies(ReportPage page);

    /** Writes the section, heading included. */
    void write(Html h, ReportPage page);
}
