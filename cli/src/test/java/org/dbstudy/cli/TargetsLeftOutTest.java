package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.Test;

/** A study run on a database that gives only some of its targets says so before it starts, with the count. */
class TargetsLeftOutTest {
    @Test
    void lockContentionOnMariaDbNamesTheMysqlTargetAndItsCells() throws Exception {
        Study declared = Studies.load("lock-contention");
        Study run = declared.forDialect(DatabaseKind.MARIADB);
        int left = declared.cells().size() - run.cells().size();
        assertEquals(Optional.of("note: --db embedded-mariadb gives no server for target(s) mysql (mysql): " + left + " of "
                + declared.cells().size() + " runs of study lock-contention need them and are left out; run those with"
                + " --db naming that server"), TargetsLeftOut.notice(declared, run, "embedded-mariadb"));
        assertEquals(true, left > 0);
    }

    @Test
    void aStudyWithOneTargetSaysNothing() throws Exception {
        Study declared = Studies.load("crud-stress");
        assertEquals(Optional.empty(), TargetsLeftOut.notice(declared, declared.forDialect(DatabaseKind.MARIADB), "mariadb"));
    }
}
