package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.dbstudy.cli.jmeter.JMeterHomeOptions;
import org.dbstudy.cli.jmeter.RmiOptions;
import org.dbstudy.cli.run.RunRequest;
import org.dbstudy.cli.run.StudyRequest;
import org.junit.jupiter.api.Test;

/** What run's options parse to, as one typed request, and the words that ask for it again (issue 43). */
class RunRequestTest {
    @Test
    void runsOptionsParseToTheRequestTheyName() {
        RunRequest parsed = RunCommand.parse("--study", "smoke", "--set", "users=2,4", "--duration", "6", "--rest", "0",
                "--db", "postgres", "--url", "jdbc:postgresql://h/db", "--user", "bench", "--password-env", "PW",
                "--out", "o", "--remote", "a:1099,b:1099", "--restart-command", "r", "--restart-timeout", "5",
                "--baseline", "users=2", "--resume", "--embedded-port", "5433", "--monitor", "m:7", "--monitor-token-env", "T",
                "--progress", "3", "--jmeter-home", "/j", "--insecure-plain-rmi");
        RunRequest expected = new RunRequest(new StudyRequest("smoke", List.of("users=2,4"), 6L, 0L), "postgres",
                new RunRequest.Connection("jdbc:postgresql://h/db", "bench", "PW"), Path.of("o"), List.of("a:1099", "b:1099"),
                new RunRequest.Restart("r", 5), "users=2", true, 5433, new RunRequest.Monitor("m:7", null, "T"), 3,
                JMeterHomeOptions.Choice.home(Path.of("/j")), new RmiOptions.Choice(null, true));
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

    /** The request run parses from the words {@code request} shows. */
    private static RunRequest reparsed(RunRequest request) {
        List<String> words = request.words();
        assertEquals("run", words.get(0));
        return RunCommand.parse(words.subList(1, words.size()).toArray(String[]::new));
    }
}
