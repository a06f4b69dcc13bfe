package org.dbstudy.cli.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each agent's window from a JTL, the window all agents share, and the setUp's end. */
class AgentWindowsTest {
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success\n";

    @Test
    void theSharedWindowRunsFromTheLatestFirstStartToTheEarliestLastEnd(@TempDir Path dir) throws Exception {
        Path jtl = dir.resolve("cell.jtl");
        Files.writeString(jtl, HEADER
                + "900,50,setUp dbstudy_person,200,OK,b:1099-setUp 1-1,true\n"
                + "1000,10,read,200,OK rows=50 ,a:1099-users 1-1,true\n"
                + "2000,10,read,200,OK rows=50 ,b:1099-users 1-1,true\n"
                + "10990,10,read,200,OK rows=50 ,a:1099-users 1-2,true\n"
                + "8990,10,read,200,OK rows=50 ,b:1099-users 1-1,true\n"
                + "5000,10,read,200,OK rows=50 ,b:1099-users 1-2,true\n"
                + "11000,5,tearDown check,200,OK,b:1099-tearDown 1-1,true\n"
                + "12000,3,re");
        AgentWindows w = AgentWindows.read(jtl);
        assertEquals(List.of(new AgentWindows.Window("a:1099", 2, 1000, 11000), new AgentWindows.Window("b:1099", 3, 2000, 9000)),
                w.windows());
        assertEquals(950, w.setUpEnd());
        assertEquals(7.0, w.allSeconds(), 1e-9);
        assertEquals(10.0, w.unionSeconds(), 1e-9);
        assertEquals(0.7, w.overlap(), 1e-9);
        String line = w.describe(3);
        assertTrue(line.startsWith("agents: 2 of 3 measured; all together 7.0 s of 10.0 s (70 %)"), line);
        assertTrue(line.contains("b:1099 3 samples from +1.0 s for 7.0 s"), line);
    }

    @Test
    void agentsThatNeverOverlapShareNothing(@TempDir Path dir) throws Exception {
        Path jtl = dir.resolve("cell.jtl");
        Files.writeString(jtl, HEADER
                + "1000,10,read,200,OK,a:1099-users 1-1,true\n"
                + "3000,10,read,200,OK,a:1099-users 1-1,true\n"
                + "5000,10,read,200,OK,b:1099-users 1-1,true\n"
                + "7000,10,read,200,OK,b:1099-users 1-1,true\n");
        AgentWindows w = AgentWindows.read(jtl);
        assertEquals(0, w.allSeconds());
        assertEquals(0, w.overlap());
        assertEquals(-1, w.setUpEnd());
    }

    @Test
    void noResultsNoWindows(@TempDir Path dir) throws Exception {
        AgentWindows w = AgentWindows.read(dir.resolve("missing.jtl"));
        assertTrue(w.windows().isEmpty());
        assertEquals(0, w.overlap());
    }
}
