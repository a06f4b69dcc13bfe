package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.jmeter.RmiKeystore;
import org.dbstudy.cli.jmeter.RmiTransport;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.databases.AgentHosts;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.files.RunStatusFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGKILL of one agent's JMeter mid-cell: the cell fails naming that agent (it does not hang: JMeter alone
 * would wait for the dead agent's end forever), the other agent's engine is stopped (its log says so), and
 * the study goes on to its next cell.
 */
class AgentLostRunTest {
    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void aKilledAgentFailsItsCellByNameAndTheStudyGoesOn(@TempDir Path out) throws Exception {
        JMeterHome home = JMeterHome.locate();
        Path keystore = out.resolve(RmiKeystore.FILE_NAME);
        RmiKeystore.create(keystore);
        RmiTransport ssl = RmiTransport.ssl(keystore);
        List<Process> agents = new ArrayList<>();
        try (AgentHosts hosts = AgentHosts.create(2)) {
            if (!hosts.namespaced()) {
                System.err.println("AgentLostRunTest: agents on loopback, not hosts of their own: " + hosts.why());
            }
            List<String> remote = AgentsInNamespacesRunTest.startAgents(hosts, 2, home, ssl, out, agents);
            DatabaseEndpoint pg = TestDatabases.postgres();
            // Two cells of 30 s: the first is cut short by the kill, the second is the study going on.
            Study study = Studies.load("smoke").withOverrides(
                    Map.of("operation", List.of("read"), "users", List.of("2", "4")), OptionalLong.of(30)).forDialect(DatabaseKind.POSTGRESQL);
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            StudyRunner runner = new StudyRunner(study, new ConnectionSettings(DatabaseKind.POSTGRESQL, hosts.reachable(pg.url()),
                    pg.user(), "not-a-real-secret"), out.resolve("study"), remote, false, home,
                    new PrintStream(log, true, StandardCharsets.UTF_8), null, 1000).rmi(ssl);
            CompletableFuture<StudyPipeline.Outcome> run = CompletableFuture.supplyAsync(() -> {
                try {
                    return runner.run();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            String victim = remote.get(0);
            awaitSamplesOf(victim, out.resolve("study/results"), run);
            agents.get(0).toHandle().destroyForcibly(); // SIGKILL of the agent's JMeter, mid-cell
            StudyPipeline.Outcome outcome = run.get(8, TimeUnit.MINUTES);
            String console = log.toString(StandardCharsets.UTF_8);

            List<RunStatusFile.Row> rows = RunStatusFile.read(out.resolve("study/run-status.csv"));
            assertEquals(2, rows.size(), "the study went on to its second cell:\n" + console);
            RunStatusFile.Row first = rows.stream().filter(r -> r.cell().contains("users2")).findFirst().orElseThrow();
            assertEquals(RunStatusFile.FAILED, first.status(), console);
            assertTrue(first.reason().startsWith("agent " + victim + " lost"), first.reason());
            assertTrue(outcome.failed() >= 1, console);
            String survivorLog = Files.readString(out.resolve("jmeter-server-" + remote.get(1).substring(remote.get(1).lastIndexOf(':') + 1) + ".log"),
                    StandardCharsets.ISO_8859_1);
            assertTrue(survivorLog.contains(remote.get(1) + ": the runner stopped the cell: stopping this agent's engine now"),
                    "the other agent was stopped:\n" + survivorLog);
        } finally {
            agents.forEach(Process::destroy);
        }
    }

    /** Waits (on the results file, with the run's end as the way out) until the agent has written samples. */
    private static void awaitSamplesOf(String agent, Path results, CompletableFuture<?> run) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        while (System.nanoTime() < deadline && !run.isDone()) {
            if (Files.isDirectory(results)) {
                try (Stream<Path> files = Files.list(results)) {
                    for (Path f : files.toList()) {
                        if (Files.readString(f, StandardCharsets.UTF_8).contains(agent + "-users")) {
                            return;
                        }
                    }
                } catch (IOException notYet) {
                    // Being written: look again.
                }
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("no sample of " + agent + " before the run ended or 5 min passed");
    }
}
