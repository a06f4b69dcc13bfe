/**
 * Stage 1 of analysis, reading: JMeter result files (CSV with any column subset or order, header-less
 * default order, XML with nested sub-results, gzip, cut-off files) into {@link org.dbstudy.analysis.reading.Sample}s,
 * without creating a string per field, and which of a file's samples lie far outside its run's time
 * ({@link org.dbstudy.analysis.reading.RunClock}: left out); the monitor's files ({@link org.dbstudy.analysis.reading.MonitorFile}, a study's read once by cell in {@link org.dbstudy.analysis.reading.MonitorFiles}); JMeter's GC logs ({@link org.dbstudy.analysis.reading.GcLog}); the options of an analysis and the input errors that name file,
 * line and field. Uses the JDK and the dbstudy vocabulary only.
 */
package org.dbstudy.analysis.reading;
