package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.dbstudy.cli.AgentCommand;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.jmeter.RmiKeystore;
import org.dbstudy.cli.jmeter.RmiTransport;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JMeter agents on 127.0.0.1 run one cell over RMI with SSL; both agents' samples reach the results and the report,
 * and the runner's monitor records the server beside them.
 */
class DistributedRunTest {

    @Test
    void aCellRunsOnTwoAgentsAndTheReportCountsSamplesPerAgent(@TempDir Path out) throws Exception {
        JMeterHome home = JMeterHome.locate();
        int[] ports = {freePort(), freePort()};
        List<Process> agents = new ArrayList<>();
        // RMI over SSL, as by default: agents and runner share one keystore (made as 'dbstudy agent' makes it).
        Path keystore = out.resolve(RmiKeystore.FILE_NAME);
        RmiKeystore.create(keystore);
        RmiTransport ssl = RmiTransport.ssl(keystore);
        try {
            for (int port : ports) {
                agents.add(new ProcessBuilder(AgentCommand.agentCommand(home, port, "127.0.0.1", freePort(), ssl))
                        .directory(out.toFile()).redirectErrorStream(true)
                        .redirectOutput(out.resolve("agent-" + port + ".out").toFile()).start());
            }
            for (int port : ports) {
                awaitListening(port, agents);
            }
            DatabaseEndpoint pg = TestDatabases.postgres();
            Study study = Studies.load("smoke").withOverrides(
                    Map.of("operation", List.of("read"), "users", List.of("2")), OptionalLong.of(4)).forDialect(org.dbstudy.vocabulary.DatabaseKind.POSTGRESQL);
            List<String> remote = List.of("127.0.0.1:" + ports[0], "127.0.0.1:" + ports[1]);
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            StudyPipeline.Outcome outcome = new StudyRunner(study, new ConnectionSettings(org.dbstudy.vocabulary.DatabaseKind.POSTGRESQL, pg.url(), pg.user(),
                    "not-a-real-secret"), out.resolve("study"), remote, false, home,
                    new PrintStream(log, true, StandardCharsets.UTF_8), null, 1000).rmi(ssl).run();
            assertEquals(1, outcome.done(), log.toString(StandardCharsets.UTF_8));

            String jtl;
            try (Stream<Path> files = Files.list(out.resolve("study/results"))) {
                jtl = Files.readString(files.findFirst().orElseThrow());
            }
            for (String agent : remote) {
                assertTrue(jtl.contains(agent + "-users"), "samples of " + agent + " in the results");
            }
            String agentsCsv = Files.readString(out.resolve("study/report/agents.csv"));
            for (String agent : remote) {
                assertTrue(agentsCsv.contains(agent), agent + " in agents.csv:\n" + agentsCsv);
            }
            assertTrue(Files.readString(outcome.report().indexHtml()).contains(remote.get(1)), "the report shows both agents");
            // The monitor runs beside the runner whichever machines make the load: the cell has its server figures.
            String monitor;
            try (Stream<Path> files = Files.list(out.resolve("study/monitor"))) {
                monitor = Files.readString(files.findFirst().orElseThrow());
            }
            assertTrue(monitor.contains(",host,cpu_idle_pct,") && monitor.contains(",database,commits,"), monitor);
            assertTrue(Files.readString(out.resolve("study/report/summary.csv")).contains("host_cpu_mean_pct"));
            for (Path p : List.of(out.resolve("study/logs"), out)) {
                try (Stream<Path> files = Files.walk(p)) {
                    for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.toString().endsWith(".jtl")).toList()) {
                        assertFalse(Files.readString(f, StandardCharsets.ISO_8859_1).contains("not-a-real-secret"),
                                "the password leaked into " + f);
                    }
                }
            }
        } finally {
            agents.forEach(Process::destroy);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void awaitListening(int port, List<Process> agents) throws Exception {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return;
            } catch (IOException notYet) {
                if (agents.stream().anyMatch(a -> !a.isAlive())) {
                    throw new IllegalStateException("an agent died while starting; see its .out file");
                }
                Thread.sleep(300);
            }
        }
        throw new IllegalStateException("agent on port " + port + " did not start within 60 s");
    }
}
