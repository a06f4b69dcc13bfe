package org.dbstudy.cli;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import org.dbstudy.generator.Cell;
import org.dbstudy.generator.Study;

/**
 * The time a cell takes beyond its measured window: <em>preparing</em> (JMeter's start, the setUp that
 * creates and loads the tables, users connecting and priming) and <em>finishing</em> (tearDown, JMeter's
 * report and exit, the monitor). Estimated from the workload before the first cell, then learned: the
 * ratio of what finished cells took to what was estimated for them scales the cells still to come, so
 * a busy machine lengthens the estimate after one cell. A 16 × 10 s study is not "0:02:40" when each
 * cell needs a minute around its ten seconds.
 */
final class CellOverhead {
    /** JMeter's JVM start and plan loading, on a machine with other work beside it. */
    static final double JMETER_START_SECONDS = 8;
    /** tearDown, the end-of-test listeners and JMeter's exit. */
    static final double FINISHING_SECONDS = 4;
    /** Creating the schema and loading a small workload's rows. */
    static final double SMALL_SETUP_SECONDS = 2;
    /** Loading one TPC-C warehouse (about 500,000 rows) with the workload's loader. */
    static final double SECONDS_PER_WAREHOUSE = 15;
    /** Loading one TPC-B scale unit (100,000 accounts). */
    static final double SECONDS_PER_TPCB_SCALE = 4;
    /** Once per study: preflight, environment capture, rendering the plans and the analysis after the cells. */
    static final double STUDY_START_AND_REPORT_SECONDS = 30;
    /** Opening, setting up and priming one user's connection. */
    static final double SECONDS_PER_USER = 0.15;

    private final Study study;
    private double estimatedPreparing;
    private double observedPreparing;
    private double estimatedFinishing;
    private double observedFinishing;

    private CellOverhead(Study study) {
        this.study = study;
    }

    static CellOverhead of(Study study) {
        return new CellOverhead(study);
    }

    /** Seconds the cell is expected to prepare, learned from the cells finished so far. */
    long preparing(Cell cell) {
        return Math.round(preparingFromWorkload(cell) * ratio(observedPreparing, estimatedPreparing));
    }

    /** Seconds the cell is expected to take after its window. */
    long finishing(Cell cell) {
        return Math.round(FINISHING_SECONDS * ratio(observedFinishing, estimatedFinishing));
    }

    /** What a finished cell took: its preparing and its finishing seconds. */
    void learn(Cell cell, double preparingSeconds, double finishingSeconds) {
        estimatedPreparing += preparingFromWorkload(cell);
        observedPreparing += Math.max(0, preparingSeconds);
        estimatedFinishing += FINISHING_SECONDS;
        observedFinishing += Math.max(0, finishingSeconds);
    }

    /** Seconds for these cells: each one's overhead, window and the rest after it. */
    long secondsFor(Collection<Cell> cells) {
        long total = 0;
        for (Cell c : cells) {
            total += preparing(c) + study.durationSeconds() + finishing(c) + study.restSeconds();
        }
        return total;
    }

    /**
     * The estimate as the run's first line gives it, with the measured part apart; the study's own
     * start and report are counted here, while the ETA of progress lines counts the cells left.
     */
    String describe(Collection<Cell> cells) {
        long fixed = Math.round(STUDY_START_AND_REPORT_SECONDS);
        long cellsTotal = secondsFor(cells);
        long measured = cells.size() * study.durationSeconds();
        long rest = cells.size() * study.restSeconds();
        return String.format(Locale.ROOT, "%s (%s measured, %s rest, about %s starting, loading and finishing cells,"
                + " %s preparing the study and its report)", Durations.hms(cellsTotal + fixed), Durations.hms(measured),
                Durations.hms(rest), Durations.hms(cellsTotal - measured - rest), Durations.hms(fixed));
    }

    /** The workload's preparation: JMeter's start, the setUp's load and the users' connections. */
    double preparingFromWorkload(Cell cell) {
        return JMETER_START_SECONDS + setUpSeconds(cell) + SECONDS_PER_USER * users(cell);
    }

    private double setUpSeconds(Cell cell) {
        String template = study.template();
        if ("tpcc".equals(template) || "chbench".equals(template)) {
            return SMALL_SETUP_SECONDS + SECONDS_PER_WAREHOUSE * number(cell, "warehouses", 1);
        }
        if ("tpcb".equals(template)) {
            return SMALL_SETUP_SECONDS + SECONDS_PER_TPCB_SCALE * number(cell, "scale", 1);
        }
        return SMALL_SETUP_SECONDS;
    }

    private double users(Cell cell) {
        Map<String, String> f = cell.factors();
        double users = 0;
        for (String name : new String[] {"users", "clients", "analytic_clients"}) {
            users += number(cell, name, "users".equals(name) && !f.containsKey("clients") ? 1 : 0);
        }
        return users;
    }

    /** A factor's level in this cell, else the study's parameter, else {@code fallback}. */
    private double number(Cell cell, String name, double fallback) {
        String v = cell.factors().getOrDefault(name, study.parameters().get(name));
        if (v == null) {
            return fallback;
        }
        try {
            return Double.parseDouble(v.trim());
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    private static double ratio(double observed, double estimated) {
        return estimated <= 0 ? 1 : observed / estimated;
    }
}
