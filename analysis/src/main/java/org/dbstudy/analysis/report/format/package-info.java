/**
 * Report, format: how numbers are written ({@link org.dbstudy.analysis.report.format.Fmt}, always
 * {@code Locale.ROOT}: full precision for files, rounded for the page) and a small HTML builder that escapes
 * what it is given ({@link org.dbstudy.analysis.report.format.Html}), and how a report column's typed value is
 * written to a file or the page ({@link org.dbstudy.analysis.report.format.ColumnFormat}). Uses the JDK and the
 * statistics' column table only: every other report package may use it.
 */
package org.dbstudy.analysis.report.format;
