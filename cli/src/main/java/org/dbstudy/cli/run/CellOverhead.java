package org.dbstudy.cli.run;

import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.study.Study;

/**
 * The time a cell takes beyond its measured window: <em>preparing</em> (JMeter's start, the setUp that
 * creates and loads the tables, users connecting and priming) and <em>finishing</em> (tearDown, JMeter's
 * report and exit, the monitor). Estimated from the workload before the first cell, then learned: the
 * ratio of what finished cells took to what was estimated for them scales the cells still to come, so
 * a busy machine lengthens the estimate after one cell. Before the first cell, the machine's load
 * average over its cores (at least 1, at most {@link #MAX_LOAD_FACTOR}) stretches the workload's figures:
 * JMeter's start, loading and checking compete for the cores with whatever else runs. A 16 × 10 s
 * study is not "0:02:40" when each cell needs a minute around its ten seconds.
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
    /**
     * TPC-C's consistency checks and its tearDown per warehouse: a reduced S1 run (W = 2) took 16–33 s
     * from its last sample to JMeter's exit at load average 21–28, where 4 s were counted.
     */
    static final double CHECK_SECONDS_PER_WAREHOUSE = 6;
    /**
     * At most this stretch from the load average: the phases wait on the database and the disk as much
     * as on a core (a reduced S1 run's overhead at load 25 on 2 cores was about twice the quiet
     * figures, not twelve times), and the cells that finish correct the rest.
     */
    static final double MAX_LOAD_FACTOR = 2;

    private final Study study;
    private final double loadFactor;
    private double estimatedPreparing;
    private double observedPreparing;
    private double estimatedFinishing;
    private double observedFinishing;

    private CellOverhead(Study study, double loadFactor) {
        this.study = study;
        this.loadFactor = loadFactor;
    }

    /** With this machine's load factor ({@link #loadFactor(double, int)}). */
    static CellOverhead of(Study study) {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return of(study, loadFactor(os.getSystemLoadAverage(), os.getAvailableProcessors()));
    }

    static CellOverhead of(Study study, double loadFactor) {
        return new CellOverhead(study, loadFactor);
    }

    /** Load average over cores, from 1 to {@link #MAX_LOAD_FACTOR}; 1 where the load average is unknown (negative). */
    static double loadFactor(double loadAverage, int cores) {
        return loadAverage < 0 ? 1 : Math.min(MAX_LOAD_FACTOR, Math.max(1, loadAverage / Math.max(1, cores)));
    }

    /** Seconds the cell is expected to prepare, learned from the cells finished so far. */
    long preparing(Cell cell) {
        return Math.round(preparingFromWorkload(cell) * ratio(observedPreparing, estimatedPreparing));
    }

    /** Seconds the cell is expected to take after its window. */
    long finishing(Cell cell) {
        return Math.round(finishingFromWorkload(cell) * ratio(observedFinishing, estimatedFinishing));
    }

    /** What a finished cell took: its preparing and its finishing seconds. */
    void learn(Cell cell, double preparingSeconds, double finishingSeconds) {
        estimatedPreparing += preparingFromWorkload(cell);
        observedPreparing += Math.max(0, preparingSeconds);
        estimatedFinishing += finishingFromWorkload(cell);
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
        return loadFactor * (JMETER_START_SECONDS + setUpSeconds(cell) + SECONDS_PER_USER * users(cell));
    }

    /** The workload's finishing: tearDown, TPC-C's consistency checks, JMeter's exit. */
    double finishingFromWorkload(Cell cell) {
        return loadFactor * (FINISHING_SECONDS + (tpcc() ? CHECK_SECONDS_PER_WAREHOUSE * number(cell, "warehouses", 1) : 0));
    }

    private boolean tpcc() {
        return "tpcc".equals(study.template()) || "chbench".equals(study.template());
    }

    private double setUpSeconds(Cell cell) {
        String template = study.template();
        if (tpcc()) {
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
