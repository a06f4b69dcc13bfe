/**
 * JTL results to statistics, tests, charts and a report: the {@code analysis} module of dbstudy.
 *
 * <p><b>Owns:</b> reading JMeter result files (CSV with any column subset or order, header-less
 * default order, XML with nested sub-results, gzip, cut-off files), mapping them to a study's
 * cells through {@code manifest.csv}, per-cell statistics that match JMeter's Aggregate Report
 * exactly over all samples and over successful ones, nonparametric tests (Kruskal-Wallis,
 * Mann-Whitney, Dunn, Holm), speedups with intervals from batch means within a run or from the
 * variation between runs, effects of fractional factorial designs with their aliasing, figures (JFreeChart, written as PNG, SVG (Batik) and PDF (PDFBox); re-drawn from the CSV
 * files by {@link org.dbstudy.analysis.Figures}) and the output files ({@code summary.csv},
 * {@code tests.csv}, {@code speedup.csv}, {@code labels.csv}, {@code agents.csv}, {@code README.txt},
 * {@code index.html}).
 *
 * <p><b>May use:</b> the JDK, the dbstudy vocabulary (outcome classes and their classifier, label
 * rules, manifest and run-status columns, CSV reader and writer), commons-statistics (distribution,
 * inference, ranking), jfreechart, Batik's SVG generator, PDFBox with pdfbox-graphics2d. Not JMeter (jorphan and JMeter's core are
 * only the tests' reference: StatCalculator for percentiles, SamplingStatCalculator for the TOTAL row) and no other dbstudy module: the CLI calls
 * {@link org.dbstudy.analysis.Analyzer#run} and {@link org.dbstudy.analysis.Figures#draw}, nothing
 * calls back.
 *
 * <p><b>Design:</b> memory never grows with the number of samples. Elapsed times are whole
 * milliseconds, so a group of samples is kept as counts per value ({@code ValueCounts}: a short
 * sorted list while its values are few, then a dense array up to 16 383 ms, a sorted map beyond), per-second bins and running sums; a run's time
 * batches ({@code TimeBatches}) exist only while its file is read. Every order
 * statistic, mid-rank, H and U follows exactly from those counts. The CSV reader works on bytes
 * and parses numbers without creating strings. User mistakes in the input are
 * {@link org.dbstudy.analysis.AnalysisInputException}s naming file, line and field.
 */
package org.dbstudy.analysis;
