package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner's progress counts errors as the analysis does: a sample cut off while retrying is none. */
class JtlTallyRetryingAtEndTest {
    @TempDir
    Path dir;

    @Test
    void samplesStillRetryingAtTheEndAreNotErrors() throws Exception {
        Path jtl = dir.resolve("c.jtl");
        Files.writeString(jtl, "timeStamp,elapsed,label,responseCode,responseMessage,success\n"
                + "1,10,Payment,200,OK rows=1 tries=1,true\n"
                + "2,10,Payment,40001 0,serialization_failure: could not serialize [tries=3],false\n"
                + "3,10,NewOrder,40001 0,\"retrying_at_end: serialization_failure: could not serialize [tries=2 retried=serialization_failure:2]\",false\n");
        JtlTally tally = new JtlTally(jtl);
        tally.update();
        assertEquals(3, tally.samples());
        assertEquals(1, tally.errors());
    }
}
