package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** analyze's --baseline and a re-run's result file as a user types them: one line and exit 2 when they cannot work. */
class AnalyzeBaselineTest {
    private static final String JTL = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success\n"
            + "1000,5,read,200,OK,users 1-1,true\n2000,7,read,200,OK,users 1-1,true\n";

    private static Path study(Path dir) throws Exception {
        Files.createDirectories(dir.resolve("results"));
        Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan,users\nusers16,1,plans/users16.jmx,16\n"
                + "users4,1,plans/users4.jmx,4\n");
        Files.writeString(dir.resolve("study.properties"), "study.order=random\nstudy.levels.users=4,16\n");
        Files.writeString(dir.resolve("results/users16.jtl"), JTL);
        Files.writeString(dir.resolve("results/users4.jtl"), JTL);
        return dir.resolve("manifest.csv");
    }

    @Test
    void aBaselineThatNamesNoLevelIsOneLineNamingTheValidOnes(@TempDir Path dir) throws Exception {
        Path manifest = study(dir);
        MainTest.Run r = MainTest.run("analyze", "--results", dir.resolve("results").toString(), "--manifest",
                manifest.toString(), "--out", dir.resolve("report").toString(), "--baseline", "users=8");
        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue(r.err().contains(manifest + ":1: --baseline: '8' is not a level of users; valid: [4, 16]"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        MainTest.Run factor = MainTest.run("analyze", "--results", dir.resolve("results").toString(), "--manifest",
                manifest.toString(), "--out", dir.resolve("report").toString(), "--baseline", "clients=4");
        assertEquals(2, factor.status(), factor.out() + factor.err());
        assertTrue(factor.err().contains("the manifest has no 'clients' column; give a level of the target column or"
                + " factor=level with one of [users]"), factor.err());
        assertFalse(factor.err().contains("\tat "), factor.err());
    }

    @Test
    void runRefusesABadBaselineBeforeAnythingStarts(@TempDir Path dir) throws Exception {
        int closedPort;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        MainTest.Run r = MainTest.run("run", "--study", "smoke", "--db", "postgres", "--url", "jdbc:postgresql://127.0.0.1:"
                + closedPort + "/test", "--out", dir.resolve("out").toString(), "--baseline", "operation=delete");
        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("--baseline: 'delete' is not a level of operation; valid: [read, write]"), r.err());
        assertFalse(r.err().contains("cannot connect"), "checked before the database is reached: " + r.err());
        assertFalse(Files.exists(dir.resolve("out/run-status.csv")), "no cell may start");
    }

    @Test
    void aJMeterHabitsOutJtlIsRefusedSayingHowToNameIt(@TempDir Path dir) throws Exception {
        Path manifest = study(dir);
        Path out = Files.writeString(dir.resolve("out.jtl"), JTL);
        MainTest.Run r = MainTest.run("analyze", "--results", out.toString(), "--manifest", manifest.toString(), "--out",
                dir.resolve("report").toString());
        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue(r.err().contains(out + ":1: file name: 'out' is no plan of " + manifest), r.err());
        assertTrue(r.err().contains("jmeter -n -t plans/CELL.jmx -l CELL.jtl, with CELL one of: users16, users4"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());

        // Named after its plan, the same file is that cell's run.
        Path named = Files.copy(out, dir.resolve("users4.jtl"));
        MainTest.Run ok = MainTest.run("analyze", "--results", named.toString(), "--manifest", manifest.toString(), "--out",
                dir.resolve("report").toString());
        assertEquals(0, ok.status(), ok.out() + ok.err());
        assertTrue(ok.out().contains("2 cells, 2 samples"), ok.out());
    }
}
