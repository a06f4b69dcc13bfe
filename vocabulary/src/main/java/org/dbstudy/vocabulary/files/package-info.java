/**
 * The file formats and file operations that cross module boundaries, each with one owner: a small CSV reader
 * and writer ({@link org.dbstudy.vocabulary.files.Csv}, {@link org.dbstudy.vocabulary.files.CsvTable},
 * {@link org.dbstudy.vocabulary.files.CsvWriter}), the columns of {@code run-status.csv}
 * ({@link org.dbstudy.vocabulary.files.RunStatusFile}, and {@link org.dbstudy.vocabulary.files.CellStopFile} for cells
 * that end on precision) and of the monitor's files
 * ({@link org.dbstudy.vocabulary.files.MonitorColumns}), the one recursive
 * delete ({@link org.dbstudy.vocabulary.files.FileTrees}) and the report's file names and a comparison's layout
 * ({@link org.dbstudy.vocabulary.files.ReportFiles}), {@code environment.json}'s keys and codec
 * ({@link org.dbstudy.vocabulary.files.EnvironmentFile}), and the report's statistic columns with their names,
 * units and flags ({@link org.dbstudy.vocabulary.files.ReportColumn}; their values are the analysis's).
 *
 * <p>JDK only, like the rest of the vocabulary (the plugin shades it into its jar); it uses nothing of the
 * vocabulary's root package, which may use it.
 */
package org.dbstudy.vocabulary.files;
