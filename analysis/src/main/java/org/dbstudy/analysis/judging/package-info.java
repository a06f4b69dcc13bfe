/**
 * Stage 4 of analysis, judging: the study's claims ({@code claims.csv}: a paper's findings, a user's
 * expectations) set against the cells, each with a {@link org.dbstudy.analysis.judging.Verdict}. Claims are
 * judged on shape: ratios between matched cells on the log scale with their intervals over runs (paired
 * over replicates where the runs pair, every metric and label included) and per stratum, trend tests over
 * replicates (stratified Jonckheere–Terpstra, or a log-slope t-test where that cannot reach α), thresholds
 * on error counts; only a {@code limit} and a {@code monitor} claim compare absolute values, for a user's own
 * machine. {@code ClaimJudge} judges ordering, ratio, trend, threshold and limit itself and hands every other
 * kind to its own class: best level ({@code BestLevelJudge}), equivalence by TOST ({@code EquivalenceJudge}),
 * knee ({@code KneeJudge}), a significant rank test ({@code SignificanceJudge}), one label against another
 * inside a cell ({@code LabelRatioJudge}) and monitor figures ({@code MonitorJudge}); their decisions take plain
 * estimates ({@code CellEstimate}, {@code MatchedRatio}) so that they can be simulated. A run that failed or did
 * not finish ({@code run-status.csv}) never feeds a verdict: claims see the cells without it, and each claim
 * names the runs it left out. Uses reading (its monitor files), cells and statistics (its rank tests); the
 * report's validity threats per cell come in as plain words from the caller. Judged once at 5 % (intervals at
 * 95 %), or at a sequential look's own α ({@code adaptive}).
 */
package org.dbstudy.analysis.judging;
