/**
 * Stage 2 of analysis, cells: maps result files to the study's cells through {@code manifest.csv}
 * (and reads which design they come from, {@link org.dbstudy.analysis.cells.StudyDesign}, and which
 * configuration blocks ran only once, {@link org.dbstudy.analysis.cells.Blocks}),
 * keeps each label's samples of each run as counts per millisecond value ({@code ValueCounts}),
 * per-second bins and time batches, leaves setUp samples and sub-results out of cell statistics,
 * and pools replicate runs into {@link org.dbstudy.analysis.cells.CellResult}s (and, for claims, without the runs
 * that failed or did not finish) with their descriptive
 * statistics (JMeter-exact percentiles over all and over successful samples), and how well samples kept
 * their schedule ({@link org.dbstudy.analysis.cells.Schedule}: lag, designed pauses and periods, offered share),
 * their response times corrected for coordinated omission
 * ({@link org.dbstudy.analysis.cells.CoordinatedOmission}), and each run's priming ({@code RunNotes}). Uses reading.
 */
package org.dbstudy.analysis.cells;
