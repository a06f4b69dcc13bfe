/**
 * Report, html: {@code index.html}, a list of {@link org.dbstudy.analysis.report.html.ReportSection}s
 * ({@link org.dbstudy.analysis.report.html.HtmlReport#SECTIONS}, the answer first), its script, and the
 * HTML of the transactions; the only place that rounds numbers for display. Uses every other report
 * package and the earlier stages; nothing in the analysis but {@code Analyzer} uses it.
 */
package org.dbstudy.analysis.report.html;
