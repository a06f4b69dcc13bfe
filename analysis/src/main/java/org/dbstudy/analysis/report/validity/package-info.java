/**
 * Report, validity: a verdict per cell on whether its numbers measure the database under the designed
 * load (schedule kept, host CPU free and not stolen, client neither CPU-bound nor stopped by its GC, server
 * not shared), the {@code validity} columns of {@code summary.csv}. Uses {@code report.format} and cells;
 * not the other report packages, which show the verdicts.
 */
package org.dbstudy.analysis.report.validity;
