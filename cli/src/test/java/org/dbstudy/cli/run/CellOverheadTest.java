package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.junit.jupiter.api.Test;

/** Estimates count each cell's start, load and finish; what finished cells took corrects the rest. */
class CellOverheadTest {

    @Test
    void theWorkloadsLoadAndUsersArePartOfTheEstimate() throws Exception {
        Study s1 = Studies.load("isolation-levels");
        CellOverhead overhead = CellOverhead.of(s1, 1);
        Cell small = cell(s1, "2", "2");
        Cell large = cell(s1, "16", "4");
        // JMeter's start, the setUp's load of each warehouse, each user's connection: two terminals and
        // S1's one analytic user.
        assertEquals(CellOverhead.JMETER_START_SECONDS + CellOverhead.SMALL_SETUP_SECONDS
                + 2 * CellOverhead.SECONDS_PER_WAREHOUSE + 3 * CellOverhead.SECONDS_PER_USER,
                overhead.preparingFromWorkload(small), 1e-9);
        // tearDown with TPC-C's checks of each warehouse.
        assertEquals(CellOverhead.FINISHING_SECONDS + 2 * CellOverhead.CHECK_SECONDS_PER_WAREHOUSE,
                overhead.finishingFromWorkload(small), 1e-9);
        assertTrue(overhead.preparing(large) > overhead.preparing(small));
        long perCellAtLeast = s1.durationSeconds() + s1.restSeconds() + overhead.preparing(small);
        assertTrue(overhead.secondsFor(s1.cells()) >= s1.cells().size() * perCellAtLeast);
        assertTrue(overhead.secondsFor(s1.cells()) > s1.estimatedSeconds(), "more than cells x (duration + rest)");
    }

    @Test
    void finishedCellsScaleTheCellsToCome() throws Exception {
        Study smoke = Studies.load("smoke").withOverrides(Map.of(), OptionalLong.of(10));
        CellOverhead overhead = CellOverhead.of(smoke, 1);
        Cell first = smoke.cells().get(0);
        Cell second = smoke.cells().get(1);
        double estimated = overhead.preparingFromWorkload(first);
        // A busy machine: the first cell took three times the estimate to prepare and 12 s to finish.
        overhead.learn(first, 3 * estimated, 12);
        assertEquals(Math.round(3 * overhead.preparingFromWorkload(second)), overhead.preparing(second));
        assertEquals(12, overhead.finishing(second));
        assertEquals(overhead.preparing(second) + 10 + 12 + smoke.restSeconds(), overhead.secondsFor(List.of(second)));
    }

    @Test
    void theEstimateSaysWhatIsMeasuredAndWhatIsAroundIt() throws Exception {
        Study smoke = Studies.load("smoke");
        String text = CellOverhead.of(smoke).describe(smoke.cells());
        assertTrue(text.matches("\\d+:\\d\\d:\\d\\d \\(0:00:20 measured, 0:00:00 rest, about \\d+:\\d\\d:\\d\\d starting,"
                + " loading and finishing cells, 0:00:30 preparing the study and its report\\)"), text);
    }

    @Test
    void aBusyMachineStretchesTheFirstEstimateUpToTwice() throws Exception {
        assertEquals(1, CellOverhead.loadFactor(0.5, 2), "a quiet machine");
        assertEquals(1, CellOverhead.loadFactor(-1, 2), "no load average");
        assertEquals(1.5, CellOverhead.loadFactor(3, 2), 1e-9);
        assertEquals(2, CellOverhead.loadFactor(25, 2), "load 25 on 2 cores: capped");
        Study s1 = Studies.load("isolation-levels");
        Cell small = cell(s1, "2", "2");
        assertEquals(2 * CellOverhead.of(s1, 1).preparingFromWorkload(small), CellOverhead.of(s1, 2).preparingFromWorkload(small),
                1e-9);
        assertEquals(2 * CellOverhead.of(s1, 1).finishing(small), CellOverhead.of(s1, 2).finishing(small));
    }

    private static Cell cell(Study study, String clients, String warehouses) {
        return study.cells().stream()
                .filter(c -> clients.equals(c.factors().get("clients")) && warehouses.equals(c.factors().get("warehouses")))
                .findFirst().orElseThrow();
    }
}
