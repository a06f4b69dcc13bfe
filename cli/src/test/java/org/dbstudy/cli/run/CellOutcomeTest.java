package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.vocabulary.files.RunStatusFile;
import org.junit.jupiter.api.Test;

/** Each way a cell ends, as run-status.csv and the console have said it since before the outcome had a type (issue 43). */
class CellOutcomeTest {
    private static final CellOutcome.Measures MEASURED = new CellOutcome.Measures(200, 5, 3.5, 14.2, 37.5);

    @Test
    void eachKindWritesTheRowAndLineItAlwaysHad() throws Exception {
        Cell cell = Studies.load("smoke").cells().get(0);
        String id = cell.id();
        Map<CellOutcome, String> lines = new LinkedHashMap<>();
        lines.put(new CellOutcome.Done(MEASURED), "cell 2/6 " + id + " done: 200 samples, 2.5% errors");
        lines.put(new CellOutcome.SetUpFailed("setUp 'schema' failed: no table (JMeter stopped at once: the cell cannot measure"
                + " without its setUp)", MEASURED), null);
        lines.put(new CellOutcome.JMeterDied("JMeter was killed by SIGKILL (exit 137); see logs/c.log", MEASURED), null);
        lines.put(new CellOutcome.NoSamples("JMeter wrote no sample in its 10 s window", new CellOutcome.Measures(0, 0, 12, 12, 1)), null);
        lines.put(new CellOutcome.ServerGone("the server stopped answering the monitor: connection refused", MEASURED), null);
        lines.put(new CellOutcome.Invalid("tearDown 'check' failed: 3 rows", MEASURED), null);
        lines.put(new CellOutcome.SettingsNotApplied("server settings not applied: restart failed"), null);
        lines.put(new CellOutcome.AgentLost("agent 10.0.0.12:1099 lost: its line to the runner closed mid-cell (its JMeter killed"
                + " or its host gone)", MEASURED), null);

        Set<Class<?>> kinds = Arrays.stream(CellOutcome.class.getPermittedSubclasses()).collect(Collectors.toSet());
        assertEquals(kinds, lines.keySet().stream().map(Object::getClass).collect(Collectors.toSet()), "a test per kind");

        for (Map.Entry<CellOutcome, String> e : lines.entrySet()) {
            CellOutcome outcome = e.getKey();
            RunStatusFile.Row row = outcome.row(cell, "t0", "t1");
            boolean done = outcome instanceof CellOutcome.Done;
            String expectedLine = done ? e.getValue() : "cell 2/6 " + id + " FAILED: " + outcome.reason();
            assertEquals(expectedLine, outcome.line(2, 6, id));
            assertEquals(done ? "done" : "failed", row.status(), outcome.toString());
            assertEquals(done ? "" : outcome.reason(), row.reason());
            assertEquals(new RunStatusFile.Row(id, cell.replicate(), row.status(), row.reason(), "t0", "t1",
                    outcome.measures().samples(), outcome.measures().clientCpuPct()), row);
            assertEquals(outcome instanceof CellOutcome.SetUpFailed, outcome.setUpFailed());
        }
    }

    @Test
    void aCellThatNeverStartedJMeterHasNoSamplesAndNoClientCpu() throws Exception {
        Cell cell = Studies.load("smoke").cells().get(0);
        RunStatusFile.Row row = new CellOutcome.SettingsNotApplied("shared_buffers is 128MB, not 256MB").row(cell, "t0", "t1");
        assertEquals(new RunStatusFile.Row(cell.id(), cell.replicate(), "failed", "shared_buffers is 128MB, not 256MB", "t0", "t1", 0),
                row);
    }

    @Test
    void theMonitorsServerGoneKeepsTheClientsCpu() throws Exception {
        // Before issue 43 the monitor's verdict replaced the cell's and dropped its client CPU.
        Cell cell = Studies.load("smoke").cells().get(0);
        CellOutcome gone = new CellOutcome.ServerGone("the server stopped answering the monitor: x", MEASURED);
        assertEquals(37.5, gone.row(cell, "t0", "t1").clientCpuPct());
        assertTrue(!gone.done() && !gone.setUpFailed());
    }
}
