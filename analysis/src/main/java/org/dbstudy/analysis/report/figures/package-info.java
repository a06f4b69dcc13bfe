/**
 * Report, figures: the charts (JFreeChart) per factor, per cell over time, of the monitor's server and of
 * the whole study, their style, axes and panel grids, saved as PNG, SVG through Batik and PDF through
 * PDFBox ({@link org.dbstudy.analysis.report.figures.ChartSaver}), with captions beside them and in
 * {@code captions.txt}; the tables they are re-drawn from ({@code FigureTable}, {@code percentile-intervals.csv}).
 * Uses {@code report.format} and the earlier stages; not the report's files nor its page.
 */
package org.dbstudy.analysis.report.figures;
