package org.dbstudy.vocabulary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class RunFolderTest {
    @Test
    void everyFileOfACellIsNamedAfterItsPlansBaseName() {
        Path out = Path.of("out");
        String plan = RunFolder.plan("read-users5-r2");
        assertEquals("plans/read-users5-r2.jmx", plan);
        String base = RunFolder.base(plan);
        assertEquals("read-users5-r2", base);
        assertEquals(Path.of("out", "results", "read-users5-r2.jtl"), RunFolder.jtl(out, base));
        assertEquals(Path.of("out", "monitor", "read-users5-r2.csv"), RunFolder.monitorCsv(out, base));
        assertEquals(Path.of("out", "logs", "read-users5-r2.log"), RunFolder.log(out, base));
        assertEquals(Path.of("out", "logs", "read-users5-r2.gc.log"), RunFolder.gcLog(out, base));
        assertEquals(true, RunFolder.isJMeterLog(RunFolder.log(out, base)));
        assertEquals(false, RunFolder.isJMeterLog(RunFolder.gcLog(out, base)), "a GC log is not a JMeter log");
        assertEquals(Path.of("out", "interrupted", "read-users5-r2.jtl.partial-3"), RunFolder.interrupted(out, base, 3));
    }

    @Test
    void theCsvFilesOfTheFolderAreTheOnesTheirColumnsClassesName() {
        assertEquals("manifest.csv", RunFolder.MANIFEST);
        assertEquals("run-status.csv", RunFolder.RUN_STATUS);
        assertEquals("server-journal.csv", RunFolder.SERVER_JOURNAL);
    }
}
