/**
 * Report, files: the CSV files at full precision ({@code summary.csv}: the column table's columns, then the
 * monitor's and the client's, {@code tests.csv}, {@code speedup.csv}, {@code labels.csv}, {@code agents.csv},
 * {@code cell-labels.csv}, and for designed studies {@code effects.csv} or {@code configurations.csv}),
 * {@code README.txt} (its column text from the column table), the study's environment files read back and the notes on its drivers, and
 * {@link org.dbstudy.analysis.report.files.AnalysisReport}, what an analysis wrote. Uses
 * {@code report.format}, {@code report.validity}, {@code report.figures} (the monitor's figures per moment)
 * and the earlier stages; not the page.
 */
package org.dbstudy.analysis.report.files;
