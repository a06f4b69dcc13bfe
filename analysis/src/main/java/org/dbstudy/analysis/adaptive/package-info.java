/**
 * Stage 5 of analysis, adaptive: replicates where claims are undecided, with error rates that hold across the
 * looks. {@link org.dbstudy.analysis.adaptive.AlphaSpending} splits a study's error rate over a maximum number of
 * looks (Lan–DeMets spending functions, each look's share used alone, so the union bound keeps the total);
 * {@link org.dbstudy.analysis.adaptive.SequentialClaims} judges the claims still open at each look at its share and
 * names the cells an undecided claim needs; {@link org.dbstudy.analysis.adaptive.ReplicateOrder} orders their new
 * replicates alternately across the levels compared; {@link org.dbstudy.analysis.adaptive.SequentialFile} is
 * {@code sequential.csv} in the run folder, and what it puts into {@code reproduction.csv} (when each verdict was
 * decided, after how many looks, replicates and seconds, and which way an undecided one leans). The runner
 * ({@code cli}'s replicate loop) drives it; the analysis reads back what it wrote. Uses cells, statistics and
 * judging; the report uses nothing of it but {@code reproduction.csv}.
 */
package org.dbstudy.analysis.adaptive;
