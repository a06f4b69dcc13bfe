package org.dbstudy.cli.run;

import java.util.List;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.study.Study;
import org.dbstudy.generator.study.StudyEstimate;

/**
 * The time a run takes beyond its measured window, for the ETA of the progress lines: <em>preparing</em>
 * (JMeter's start, the setUp that creates and loads the tables, users connecting and priming) and
 * <em>finishing</em> (tearDown, JMeter's report and exit). It starts from the study's one estimate
 * ({@link StudyEstimate}, what the run's first line says), then learns: the ratio of what finished runs
 * took to what was estimated for them scales the runs still to come, so a busy machine lengthens the
 * ETA after one run.
 */
final class CellOverhead {
    private final Study study;
    private final StudyEstimate estimate;
    private double estimatedPreparing;
    private double observedPreparing;
    private double estimatedFinishing;
    private double observedFinishing;

    private CellOverhead(Study study, StudyEstimate estimate) {
        this.study = study;
        this.estimate = estimate;
    }

    static CellOverhead of(Study study, StudyEstimate estimate) {
        return new CellOverhead(study, estimate);
    }

    /** Seconds the run is expected to prepare, learned from the runs finished so far. */
    long preparing(Cell cell) {
        return Math.round(estimate.preparingSeconds(cell) * ratio(observedPreparing, estimatedPreparing));
    }

    /** Seconds the run is expected to take after its window. */
    long finishing(Cell cell) {
        return Math.round(estimate.finishingSeconds(cell) * ratio(observedFinishing, estimatedFinishing));
    }

    /** What a finished run took: its preparing and its finishing seconds. */
    void learn(Cell cell, double preparingSeconds, double finishingSeconds) {
        estimatedPreparing += estimate.preparingSeconds(cell);
        observedPreparing += Math.max(0, preparingSeconds);
        estimatedFinishing += estimate.finishingSeconds(cell);
        observedFinishing += Math.max(0, finishingSeconds);
    }

    /**
     * Seconds after the current run: each run still to come with the rest before it, then the end of
     * the study (an embedded server's stop, the analysis). At the first run this is the estimate less
     * what came before the runs.
     */
    long secondsAfter(List<Cell> cellsLeft) {
        long total = 0;
        for (Cell c : cellsLeft) {
            total += study.restSeconds() + preparing(c) + study.durationSeconds() + finishing(c);
        }
        return total + Math.round(estimate.endSeconds());
    }

    private static double ratio(double observed, double estimated) {
        return estimated <= 0 ? 1 : observed / estimated;
    }
}
