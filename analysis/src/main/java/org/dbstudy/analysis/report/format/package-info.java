/**
 * Report, format: how numbers are written ({@link org.dbstudy.analysis.report.format.Fmt}, always
 * {@code Locale.ROOT}: full precision for files, rounded for the page) and a small HTML builder that escapes
 * what it is given ({@link org.dbstudy.analysis.report.format.Html}). Uses the JDK only: every other
 * report package may use it.
 */
package org.dbstudy.analysis.report.format;
