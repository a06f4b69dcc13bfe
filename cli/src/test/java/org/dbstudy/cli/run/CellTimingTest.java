package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.dbstudy.vocabulary.SampleLabels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cell's log says where its wall time went: JMeter's start, the measured window, the end. */
class CellTimingTest {
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success\n";

    @Test
    void theMeasuredWindowIsFromTheFirstWorkloadStartToTheLatestWorkloadEnd(@TempDir Path dir) throws Exception {
        Path jtl = dir.resolve("c.jtl");
        Files.writeString(jtl, HEADER
                + "1000,4000," + SampleLabels.setUp("schema") + ",200,OK,setUp 1-1,true\n"
                + "6000,30,read,200,OK,users 1-1,true\n"
                + "5990,50,read,200,OK,users 1-2,true\n" // written later, started earlier
                + "9000,1500,read,40001 0,serialization_failure,users 1-1,false\n"
                + "12000,900," + SampleLabels.tearDown("tpcc-consistency") + ",200,OK,tearDown 1-1,true\n");
        JtlTally tally = new JtlTally(jtl);
        tally.update();
        assertEquals(5990, tally.firstStart(), "setUp and tearDown are not the workload");
        assertEquals(10_500, tally.lastEnd());
        assertEquals(1000, tally.setUpStart());
        assertEquals("timing: 0.5 s JMeter start to setUp (JVM, plan), 5.0 s setUp to first sample (schema, load, priming),"
                + " 4.5 s measured, 2.0 s last sample to exit (tearDown, checks, shutdown); overhead 7.5 s of 12.0 s",
                CellRun.timing(500, tally.setUpStart(), tally.firstStart(), tally.lastEnd(), 12_500));
        assertEquals("timing: 4.0 s JMeter start to first sample (JVM, plan, setUp), 4.5 s measured, 3.5 s last sample"
                + " to exit (tearDown, checks, shutdown); overhead 7.5 s of 12.0 s",
                CellRun.timing(1990, -1, tally.firstStart(), tally.lastEnd(), 14_000), "a plan without setUp");
    }

    @Test
    void withoutAWorkloadSampleOnlyJMetersTimeIsGiven(@TempDir Path dir) throws Exception {
        Path jtl = dir.resolve("c.jtl");
        Files.writeString(jtl, HEADER + "1000,4000," + SampleLabels.setUp("schema") + ",200,OK,setUp 1-1,true\n");
        JtlTally tally = new JtlTally(jtl);
        tally.update();
        assertEquals(-1, tally.firstStart());
        assertEquals("timing: JMeter ran 6.0 s, no workload sample",
                CellRun.timing(0, tally.setUpStart(), tally.firstStart(), tally.lastEnd(), 6000));
    }
}
