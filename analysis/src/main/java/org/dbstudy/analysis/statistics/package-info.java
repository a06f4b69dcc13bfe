/**
 * Stage 3 of analysis, statistics: the report's columns, each once ({@link org.dbstudy.analysis.statistics.ColumnTable}:
 * the analysis's half of the vocabulary's {@code ReportColumn}, each column's typed
 * {@link org.dbstudy.analysis.statistics.ColumnValue} from a cell's result, its README.txt text and page decimals,
 * read by claims, designs, validity, figures and the files); rank tests (Kruskal-Wallis, Mann-Whitney, Dunn, Holm), which
 * return plain results (statistic, df, p) that know nothing of report labels; speedups between
 * cells with intervals from batch means within a run or from the variation between runs; a
 * fractional design's effects with their aliases ({@code Effects}) and a one-factor-at-a-time design's
 * cells against the baseline ({@code ConfigurationChanges}); the
 * {@link org.dbstudy.analysis.statistics.StudyResult} that the report is made of. Uses cells and reading.
 */
package org.dbstudy.analysis.statistics;
