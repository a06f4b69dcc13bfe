/**
 * Stage 5 of analysis, report: the CSV files at full precision ({@code summary.csv}, {@code tests.csv},
 * {@code speedup.csv}, {@code labels.csv}, {@code agents.csv}, {@code percentile-intervals.csv}, and for
 * designed studies {@code effects.csv} or {@code configurations.csv}),
 * {@code README.txt}, the figures (JFreeChart, written as PNG, SVG through Batik and PDF through PDFBox,
 * captions beside them and in {@code captions.txt}; re-drawn from the CSV files) and {@code index.html}, a
 * list of {@link org.dbstudy.analysis.report.ReportSection}s ({@link org.dbstudy.analysis.report.HtmlReport#SECTIONS}),
 * which alone rounds numbers for display. Uses every earlier stage.
 */
package org.dbstudy.analysis.report;
