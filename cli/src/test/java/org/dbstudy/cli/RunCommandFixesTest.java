package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.dbstudy.cli.run.RunStatus;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.vocabulary.JdbcUrls;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** analyze on mismatched files, the rest override, and the --resume hint after an interrupted run. */
class RunCommandFixesTest {

    @Test
    void analyzeExitsNonZeroWhenNoResultFileFitsTheManifest(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("results"));
        Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan,users\nusers8,1,plans/users8.jmx,8\n");
        Files.writeString(dir.resolve("results/something-else.jtl"),
                "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success\n1000,5,read,200,OK,users 1-1,true\n");
        MainTest.Run r = MainTest.run("analyze", "--results", dir.resolve("results").toString(), "--manifest",
                dir.resolve("manifest.csv").toString(), "--out", dir.resolve("report").toString());
        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("fit the cells of " + dir.resolve("manifest.csv")), r.err());
        assertTrue(r.out().contains("no manifest row has plan 'something-else.jmx'"), r.out());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @Test
    void theRestBetweenCellsCanBeOverriddenLikeTheDuration(@TempDir Path dir) throws Exception {
        MainTest.Run byFlag = MainTest.run("generate", "--study", "crud-factorial", "--rest", "0", "--duration", "10",
                "--out", dir.resolve("a").toString());
        assertEquals(0, byFlag.status(), byFlag.err());
        assertTrue(byFlag.out().contains("(duration 10 s per run, rest 0 s between runs)"), byFlag.out());
        assertTrue(Files.readString(dir.resolve("a/study.yaml")).matches("(?s).*\\brest: 0[,}].*"));

        MainTest.Run bySet = MainTest.run("generate", "--study", "crud-factorial", "--set", "rest=0", "--set", "duration=10",
                "--out", dir.resolve("b").toString());
        assertEquals(0, bySet.status(), bySet.err());
        assertTrue(bySet.out().contains("(duration 10 s per run, rest 0 s between runs)"), bySet.out());

        MainTest.Run levels = MainTest.run("generate", "--study", "smoke", "--set", "rest=0,5", "--out", dir.resolve("c").toString());
        assertEquals(2, levels.status());
        assertTrue(levels.err().contains("--set 'rest=0,5': rest is a setting, not a factor"), levels.err());
    }

    /** SIGTERM runs the same shutdown hook as Ctrl-C (SIGINT); the hint printed is then run as printed. */
    @Test
    void anInterruptedRunPrintsTheExactResumeCommandWhichFinishesTheStudy(@TempDir Path dir) throws Exception {
        DatabaseEndpoint pg = TestDatabases.postgres();
        Path out = dir.resolve("out");
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Ddbstudy.root=" + System.getProperty("dbstudy.root"), "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")), Main.class.getName(),
                "run", "--study", "smoke", "--set", "operation=read", "--set", "users=2", "--duration", "6",
                "--db", "postgres", "--url", pg.url(), "--user", pg.user(), "--out", out.toString(), "--progress", "1"));
        Process run = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(run.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                lines.add(line);
                if (line.startsWith("  cell 1/1") && !line.contains(" 0 samples")) {
                    if (run.toHandle().isAlive()) {
                        run.toHandle().destroy(); // SIGTERM, mid-cell (Process.destroy would close this stream)
                    }
                }
            }
        } finally {
            run.destroyForcibly();
        }
        assertTrue(run.waitFor(60, TimeUnit.SECONDS));
        // The database whose table the setUp empties is named before the first cell starts.
        int setUp = lines.indexOf("setUp empties table dbstudy_person in postgresql " + JdbcUrls.redact(pg.url()));
        int firstCell = lines.stream().filter(l -> l.startsWith("  cell 1/1")).findFirst().map(lines::indexOf).orElse(-1);
        assertTrue(setUp >= 0 && setUp < firstCell, String.join("\n", lines));
        int hint = lines.indexOf("interrupted: the samples written so far are kept. Continue with:");
        assertTrue(hint >= 0 && hint + 1 < lines.size(), String.join("\n", lines));
        String resume = lines.get(hint + 1).trim();
        assertEquals("bin/dbstudy run --study smoke --set operation=read --set users=2 --duration 6 --db postgres --url "
                + pg.url() + " --user " + pg.user() + " --out " + out + " --progress 1 --resume", resume);

        String[] args = resume.substring("bin/dbstudy ".length()).split(" ");
        MainTest.Run resumed = MainTest.run(args);
        assertEquals(0, resumed.status(), resumed.out() + resumed.err());
        assertTrue(RunStatus.open(out.resolve("run-status.csv")).rows().stream().allMatch(r -> "done".equals(r.status())));
        try (var kept = Files.list(out.resolve("interrupted"))) {
            assertEquals(1, kept.count(), "the interrupted run's samples are kept: " + Arrays.toString(args));
        }
    }
}
