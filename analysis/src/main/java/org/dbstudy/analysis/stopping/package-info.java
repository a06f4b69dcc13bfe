/**
 * When a cell may end: its warm-up detected over ({@link org.dbstudy.analysis.stopping.Mser}, MSER-5) and its
 * statistic precise enough ({@link org.dbstudy.analysis.stopping.BatchMeans}, non-overlapping batch means), between
 * a minimum and a maximum duration ({@link org.dbstudy.analysis.stopping.StoppingRule}). Pure functions over a
 * series of observations in the order they happened: the runner calls them on the growing JTL of a running
 * cell, the analysis reads what they decided. Methods and sources in {@code docs/analysis.md}, "Cells that end
 * on precision". Uses Commons Statistics only; no other analysis package (the runner and every stage may use it).
 */
package org.dbstudy.analysis.stopping;
