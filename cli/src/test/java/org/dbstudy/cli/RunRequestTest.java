package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;

import java.nio.file.Path;
import java.util.List;
import org.dbstudy.cli.jmeter.JMeterHomeOptions;
import org.dbstudy.cli.jmeter.RmiOptions;
import org.dbstudy.cli.maven.MavenStudy;
import org.dbstudy.cli.run.Budget;
import org.dbstudy.cli.run.RunRequest;
import org.dbstudy.cli.run.StudyRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What run's options parse to, as one typed request, and the words that ask for it again (issue 43). */
class RunRequestTest {
    @Test
    void runsOptionsParseToTheRequestTheyName() {
        RunRequest parsed = RunCommand.parse("--study", "smoke", "--set", "users=2,4", "--duration", "6", "--rest", "0",
                "--db", "postgres", "--url", "jdbc:postgresql://h/db", "--user", "bench", "--password-env", "PW",
                "--out", "o", "--remote", "a:1099,b:1099", "--restart-command", "r", "--restart-timeout", "5",
                "--baseline", "users=2", "--resume", "--embedded-port", "5433", "--monitor", "m:7", "--monitor-token-env", "T",
                "--progress", "3", "--jmeter-home", "/j", "--insecure-plain-rmi", "--budget", "1h30m");
        RunRequest expected = new RunRequest(new StudyRequest("smoke", List.of("users=2,4"), 6L, 0L), "postgres",
                new RunRequest.Connection("jdbc:postgresql://h/db", "bench", "PW"), Path.of("o"), List.of("a:1099", "b:1099"),
                new RunRequest.Restart("r", 5), "users=2", true, 5433, new RunRequest.Monitor("m:7", null, "T"), 3,
                JMeterHomeOptions.Choice.home(Path.of("/j")), new RmiOptions.Choice(null, true), new Budget(5400));
        assertEquals(expected, parsed);
        assertEquals(parsed, reparsed(parsed));
    }

    @Test
    void theDefaultsOfTheOptionsAreTheRequestsDefaults() {
        RunRequest defaults = RunRequest.of(StudyRequest.of("smoke"), "postgres", null);
        assertEquals(defaults, RunCommand.parse("--study", "smoke", "--db", "postgres"));
        assertEquals(List.of("run", "--study", "smoke", "--db", "postgres"), defaults.words());
        assertEquals(defaults, reparsed(defaults));
    }

    @Test
    void reproduceAsksForWhatItsEquivalentRunCommandLineWould() {
        ReproduceCommand quick = new ReproduceCommand();
        quick.study = "crud-factorial";
        quick.quick = true;
        assertEquals(RunCommand.parse("--study", "crud-factorial", "--db", "mariadb", "--out", "d", "--set", "interval=0.1,1,2",
                "--set", "users=20,30,50,80,100", "--set", "rows=50,100,200,500,1000,2000", "--duration", "10", "--rest", "0"), quick.request("mariadb", Path.of("d")));
        ReproduceCommand full = new ReproduceCommand();
        full.study = "tpcb-contention";
        full.connection.url = "jdbc:postgresql://127.0.0.1:5432/mine";
        full.connection.user = "me";
        full.connection.passwordEnv = "PGPASSWORD";
        assertEquals(RunCommand.parse("--study", "tpcb-contention", "--db", "postgres", "--url", "jdbc:postgresql://127.0.0.1:5432/mine",
                "--user", "me", "--password-env", "PGPASSWORD", "--out", "e"), full.request("postgres", Path.of("e")));
    }

    @Test
    void mvnVerifysStudyAsksForWhatItsEquivalentRunCommandLineWould() {
        Path out = Path.of("/tmp/o");
        Path home = Path.of("/tmp/jmeter");
        assertEquals(RunCommand.parse("--out", out.toString(), "--jmeter-home", home.toString(), "--study", "smoke", "--db", "postgres",
                "--url", "jdbc:postgresql://127.0.0.1/test", "--duration", "5", "--monitor", "none", "--remote", "a:1099,b:1099"),
                MavenStudy.request(out, home, List.of("smoke", "postgres", "jdbc:postgresql://127.0.0.1/test", "${db.user}", "5",
                        "none", "a:1099,b:1099")));
        // Left out: blank values, unresolved properties and the values after the last given.
        assertEquals(RunCommand.parse("--out", out.toString(), "--jmeter-home", home.toString(), "--study", "smoke", "--db", "mariadb"),
                MavenStudy.request(out, home, List.of("smoke", "mariadb", " ", "${db.user}")));
    }

    @Test
    void aRequestBuiltDirectlyIsRefusedInTheLinesItsCommandLineIs(@TempDir Path dir) {
        for (RunRequest request : List.of(RunRequest.of(StudyRequest.of("no-such-study"), "postgres", dir.resolve("a")),
                RunRequest.of(StudyRequest.of("smoke").set("users"), "postgres", dir.resolve("b")),
                RunRequest.of(StudyRequest.of("smoke"), "oracle", dir.resolve("c")))) {
            MainTest.Run typed = MainTest.run(request.words().toArray(String[]::new));
            MainTest.Run built = runDirectly(request);
            assertEquals(Main.USER_ERROR, built.status(), built.err());
            assertEquals(typed, built);
            assertTrue(built.err().startsWith("dbstudy run: ") && !built.err().contains("\tat "), built.err());
            assertFalse(Files.exists(request.out()), request.out() + " written");
        }
    }

    /** {@link Main#run} as MavenStudy and reproduce call it, its output captured as {@link MainTest#run} captures it. */
    private static MainTest.Run runDirectly(RunRequest request) {
        return MainTest.captured(() -> Main.run(request));
    }

    /** The request run parses from the words {@code request} shows. */
    private static RunRequest reparsed(RunRequest request) {
        List<String> words = request.words();
        assertEquals("run", words.get(0));
        return RunCommand.parse(words.subList(1, words.size()).toArray(String[]::new));
    }
}
