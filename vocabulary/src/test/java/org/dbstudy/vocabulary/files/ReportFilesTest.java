package org.dbstudy.vocabulary.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ReportFilesTest {

    @Test
    void aComparedRunsEnvironmentFileNamesItsRunAndListsInOrder() {
        assertEquals("01-pg15.json", ReportFiles.environmentFile(1, "pg15"));
        assertEquals("12-pg16-2 (run 7).json", ReportFiles.environmentFile(12, "pg16-2 (run 7)"));
        for (String run : List.of("pg15", "pg16-2 (run 7)", "2024-01-run", "7")) {
            String file = ReportFiles.environmentFile(3, run);
            assertTrue(ReportFiles.isEnvironmentFile(file), file);
            assertEquals(run, ReportFiles.runOfEnvironmentFile(file), "the run's name back, digits and dashes kept");
        }
        assertTrue(ReportFiles.environmentFile(2, "z").compareTo(ReportFiles.environmentFile(10, "a")) < 0,
                "numbered so that a name sort keeps the runs' order");
        assertFalse(ReportFiles.isEnvironmentFile("notes.txt"));
    }
}
