package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two runs of one study (e.g. two server versions) analysed together become a speedup table (study S4). */
class CompareRunsTest {

    @Test
    void twoRunDirectoriesAreComparedAsTargetsWithTheFirstAsBaseline(@TempDir Path dir) throws Exception {
        run(dir.resolve("old"), 20);
        run(dir.resolve("new"), 10);
        MainTest.Run r = MainTest.run("analyze", "--results", dir.resolve("old").toString(), dir.resolve("new").toString(),
                "--out", dir.resolve("cmp").toString());
        assertEquals(0, r.status(), r.err());
        List<String> speedups = Files.readAllLines(dir.resolve("cmp/speedup.csv"));
        String mean = speedups.stream().filter(l -> l.contains(",mean,")).findFirst().orElseThrow();
        assertTrue(mean.startsWith("target,old,new,old-clients8,new-clients8,8,mean,20"), mean);
        assertTrue(mean.contains(",mean,20,10,2,"), "old takes twice as long as new: " + mean);
        // Analysing again into the same directory works too.
        assertEquals(0, MainTest.run("analyze", "--results", dir.resolve("old").toString(), dir.resolve("new").toString(),
                "--out", dir.resolve("cmp").toString()).status());
    }

    @Test
    void replicateRunsOfATargetArePooledWhateverTheirDirectoryNamesAndEnvironmentsStandSideBySide(@TempDir Path dir)
            throws Exception {
        // Two directories called 'old' (replicates by name) and two named 'new' on the command line.
        run(dir.resolve("day1/old"), 20);
        run(dir.resolve("day2/old"), 22);
        run(dir.resolve("x"), 10);
        run(dir.resolve("y"), 11);
        for (String d : List.of("day1/old", "day2/old")) {
            Files.writeString(dir.resolve(d + "/environment.json"), "{\"database\": {\"product\": \"PostgreSQL\", \"version\": \"14.13\"}}");
        }
        for (String d : List.of("x", "y")) {
            Files.writeString(dir.resolve(d + "/environment.json"), "{\"database\": {\"product\": \"PostgreSQL\", \"version\": \"17.2\"}}");
        }
        MainTest.Run r = MainTest.run("analyze", "--results", dir.resolve("day1/old").toString(), dir.resolve("day2/old").toString(),
                "new=" + dir.resolve("x"), "new=" + dir.resolve("y"), "--out", dir.resolve("cmp").toString());
        assertEquals(0, r.status(), r.err());
        List<String> speedups = Files.readAllLines(dir.resolve("cmp/speedup.csv"));
        String mean = speedups.stream().filter(l -> l.contains(",mean,")).findFirst().orElseThrow();
        // old: runs of 20 and 22 ms; new: 10 and 11 ms; each interval from two runs.
        assertTrue(mean.startsWith("target,old,new,old-clients8,new-clients8,8,mean,21,10.5,2,"), mean);
        assertTrue(mean.endsWith(",between-runs,2,2,,success"), mean);
        String html = Files.readString(dir.resolve("cmp/index.html"));
        assertTrue(html.contains("4 runs side by side") && html.contains("14.13") && html.contains("17.2"), "versions side by side");
        assertTrue(html.contains("<td>≠</td><td>database.version</td>"), "the differing setting is marked");
        assertTrue(html.contains("<td></td><td>database.product</td>"), "an equal setting is not");
        assertTrue(html.contains("<th>old-1 (old)</th><th>old-2 (old)</th><th>new-1 (x)</th><th>new-2 (y)</th>"), "one column per run");
    }

    @Test
    void runsOfDifferentStudiesAreRefused(@TempDir Path dir) throws Exception {
        run(dir.resolve("a"), 5);
        run(dir.resolve("b"), 5);
        Files.writeString(dir.resolve("b/manifest.csv"), "cell,replicate,plan,users\nusers8,1,plans/clients8.jmx,8\n");
        MainTest.Run r = MainTest.run("analyze", "--results", dir.resolve("a").toString(), dir.resolve("b").toString(),
                "--out", dir.resolve("cmp").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("only runs of the same study can be compared"), r.err());
    }

    /** A run directory as 'dbstudy run' leaves it: one cell, every sample taking {@code ms}. */
    private static void run(Path out, int ms) throws Exception {
        Files.createDirectories(out.resolve("results"));
        Files.writeString(out.resolve("manifest.csv"), "cell,replicate,plan,clients\nclients8,1,plans/clients8.jmx,8\n");
        StringBuilder jtl = new StringBuilder("timeStamp,elapsed,label,responseCode,responseMessage,threadName,success\n");
        for (int i = 0; i < 200; i++) {
            jtl.append(1_000_000 + i * 10L).append(',').append(ms).append(",tpcb,200,OK,users 1-1,true\n");
        }
        Files.writeString(out.resolve("results/clients8.jtl"), jtl);
    }
}
