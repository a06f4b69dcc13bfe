package org.dbstudy.cli.run;

import java.util.Locale;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.vocabulary.files.RunStatusFile;

/**
 * How a cell ended: each kind decided in one place ({@link CellRun} for what JMeter did, {@link StudyRunner}
 * for the server's settings and the monitor), and written once, as its run-status row and its console line.
 */
sealed interface CellOutcome {
    /**
     * What the cell's JMeter measured; {@code preparingSeconds}: JMeter's start to the first workload sample
     * (all of it without one); {@code clientCpuPct}: the JMeter process's CPU over the window ({@link ClientCpu}), NaN unknown.
     */
    record Measures(long samples, long errors, double preparingSeconds, double wallSeconds, double clientCpuPct) {
        /** A cell that ended before JMeter started. */
        static final Measures NONE = new Measures(0, 0, 0, 0, Double.NaN);
    }

    /** JMeter ran the whole window and wrote samples. */
    record Done(Measures measures) implements CellOutcome {
        @Override
        public String reason() { return ""; }
    }

    /** A setUp sample failed: nothing can be measured, and the next cells run the same setUp. */
    record SetUpFailed(String reason, Measures measures) implements CellOutcome {
    }

    /** JMeter exited with a non-zero status, or by itself before its window ended. */
    record JMeterDied(String reason, Measures measures) implements CellOutcome {
    }

    /** JMeter ran and wrote no workload sample. */
    record NoSamples(String reason, Measures measures) implements CellOutcome {
    }

    /** The server stopped answering the workload or the monitor: what was measured is not the cell's. */
    record ServerGone(String reason, Measures measures) implements CellOutcome {
    }

    /** A sample says the numbers are not valid: a tearDown failed, or a sample that stops the cell. */
    record Invalid(String reason, Measures measures) implements CellOutcome {
    }

    /** An agent of a distributed cell died or fell silent mid-cell ({@code StartGate}): the reason names it; every agent was stopped. */
    record AgentLost(String reason, Measures measures) implements CellOutcome {
    }

    /** The server did not take the cell's settings: JMeter never started. */
    record SettingsNotApplied(String reason) implements CellOutcome {
        @Override
        public Measures measures() { return Measures.NONE; }
    }

    /** Why the cell failed, one line; "" when it is done. */
    String reason();

    Measures measures();

    default boolean done() {
        return this instanceof Done;
    }

    /** Whether the cell's setUp failed (the first cell's stops the study). */
    default boolean setUpFailed() {
        return this instanceof SetUpFailed;
    }

    /** The cell's row of run-status.csv, started at {@code started} and ended at {@code finished} (ISO instants). */
    default RunStatusFile.Row row(Cell cell, String started, String finished) {
        return new RunStatusFile.Row(cell.id(), cell.replicate(), done() ? RunStatusFile.DONE : RunStatusFile.FAILED, reason(),
                started, finished, measures().samples(), measures().clientCpuPct());
    }

    /** The cell's last console line. */
    default String line(int index, int total, String cellId) {
        return done()
                ? String.format(Locale.ROOT, "cell %d/%d %s done: %d samples, %.1f%% errors", index, total, cellId,
                        measures().samples(), CellRun.percent(measures().errors(), measures().samples()))
                : String.format(Locale.ROOT, "cell %d/%d %s FAILED: %s", index, total, cellId, reason());
    }
}
