package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.dbstudy.cli.AgentCommand;
import org.dbstudy.cli.agents.AgentWindows;
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
import org.dbstudy.vocabulary.SampleLabels;
import org.dbstudy.vocabulary.files.Csv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three agents, each on a host of its own (a network namespace, {@link AgentHosts}), run a crud read cell as
 * one load: the runner's start gate starts their users together (each agent's log), the setUp runs once,
 * on one agent (one setUp sample in the results; the server counted the table's rows inserted once, not
 * three times), and no read found the table empty because another agent's setUp emptied it.
 */
class AgentsInNamespacesRunTest {
    private static final int AGENTS = 3;

    @Test
    void threeAgentsStartTogetherAndTheSetUpRunsOnce(@TempDir Path out) throws Exception {
        JMeterHome home = JMeterHome.locate();
        Path keystore = out.resolve(RmiKeystore.FILE_NAME);
        RmiKeystore.create(keystore);
        RmiTransport ssl = RmiTransport.ssl(keystore);
        List<Process> agents = new ArrayList<>();
        try (AgentHosts hosts = AgentHosts.create(AGENTS)) {
            if (!hosts.namespaced()) {
                System.err.println("AgentsInNamespacesRunTest: agents on loopback, not hosts of their own: " + hosts.why());
            }
            List<String> remote = startAgents(hosts, AGENTS, home, ssl, out, agents);
            DatabaseEndpoint pg = TestDatabases.postgres();
            long insertedBefore = inserted(pg, "dbstudy_person");
            Study study = Studies.load("smoke").withOverrides(
                    Map.of("operation", List.of("read"), "users", List.of("2")), OptionalLong.of(4)).forDialect(DatabaseKind.POSTGRESQL);
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            StudyPipeline.Outcome outcome = new StudyRunner(study, new ConnectionSettings(DatabaseKind.POSTGRESQL,
                    hosts.reachable(pg.url()), pg.user(), "not-a-real-secret"), out.resolve("study"), remote, false, home,
                    new PrintStream(log, true, StandardCharsets.UTF_8), null, 1000).rmi(ssl).run();
            String console = log.toString(StandardCharsets.UTF_8);
            assertEquals(1, outcome.done(), console);

            Path jtl;
            try (Stream<Path> files = Files.list(out.resolve("study/results"))) {
                jtl = files.findFirst().orElseThrow();
            }
            // The gate opened for all three at once: each agent's users' group started within 2 s of the others'
            // (0.18 s measured with a load of 25 on 2 cores), after each agent's log says the gate started it.
            List<Long> usersStarted = new ArrayList<>();
            for (String agent : remote) {
                String agentLog = Files.readString(out.resolve("jmeter-server-" + agent.substring(agent.lastIndexOf(':') + 1) + ".log"),
                        StandardCharsets.ISO_8859_1);
                assertTrue(agentLog.contains("dbstudy agent " + agent + ": started by the runner's gate"), agentLog);
                usersStarted.add(usersGroupStart(agentLog));
            }
            long spread = usersStarted.stream().mapToLong(Long::longValue).max().orElseThrow()
                    - usersStarted.stream().mapToLong(Long::longValue).min().orElseThrow();
            assertTrue(spread <= 2000, "the agents' users started " + spread + " ms apart\n" + console);
            assertTrue(console.contains("agents: "), console);
            System.err.println("AgentsInNamespacesRunTest: " + AgentWindows.read(jtl).describe(AGENTS));

            List<List<String>> rows = rows(jtl);
            List<String> header = rows.get(0);
            int label = header.indexOf("label");
            int thread = header.indexOf("threadName");
            int message = header.indexOf("responseMessage");
            List<List<String>> setUps = rows.stream().skip(1).filter(r -> SampleLabels.isSetUp(r.get(label))).toList();
            assertEquals(1, setUps.size(), "one setUp sample, by one agent");
            assertTrue(setUps.get(0).get(thread).startsWith(remote.get(AGENTS - 1) + "-"), "the last agent ran the setUp: " + setUps);
            long emptyReads = rows.stream().skip(1).filter(r -> "read".equals(r.get(label)))
                    .filter(r -> r.get(message).contains("rows=0 ")).count();
            assertEquals(0, emptyReads, "reads that found the table empty");
            // The server's own count: the setUp's 2000 rows inserted once (three setUps would insert 6000).
            assertEquals(2000, inserted(pg, "dbstudy_person") - insertedBefore, console);
        } finally {
            agents.forEach(Process::destroy);
        }
    }

    /** Epoch ms of the line in which an agent's JMeter started its users' group (threads=2), from its log's local time. */
    private static long usersGroupStart(String agentLog) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                "(?m)^(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},\\d{3}) INFO o\\.a\\.j\\.t\\.ThreadGroup: Starting thread group\\.\\.\\. number=1 threads=2")
                .matcher(agentLog);
        assertTrue(m.find(), "the users' group started:\n" + agentLog);
        return java.time.LocalDateTime.parse(m.group(1), java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS"))
                .atZone(java.time.ZoneId.systemDefault()).toInstant().toEpochMilli();
    }

    /** Rows the server counted as inserted into {@code table} (0 before it exists); the read workload inserts none. */
    private static long inserted(DatabaseEndpoint db, String table) throws SQLException {
        try (Connection c = db.connect(); var s = c.prepareStatement("SELECT n_tup_ins FROM pg_stat_user_tables WHERE relname = ?")) {
            s.setString(1, table);
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? r.getLong(1) : 0;
            }
        }
    }

    private static List<List<String>> rows(Path jtl) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        for (String line : Files.readAllLines(jtl, StandardCharsets.UTF_8)) {
            List<String> f = Csv.split(line);
            if (f != null) {
                rows.add(f);
            }
        }
        return rows;
    }

    /**
     * Starts {@code n} agents, one on each of {@code hosts}, over {@code transport}, with their output and logs
     * ({@code jmeter-server-PORT.log}) in {@code out}; each process into {@code started}; HOST:PORT each, once listening.
     */
    static List<String> startAgents(AgentHosts hosts, int n, JMeterHome home, RmiTransport transport, Path out,
                                    List<Process> started) throws Exception {
        List<String> remote = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int port = freePort();
            remote.add(hosts.address(i) + ":" + port);
            started.add(new ProcessBuilder(hosts.on(i, AgentCommand.agentCommand(home, port, hosts.address(i), freePort(), transport)))
                    .directory(out.toFile()).redirectErrorStream(true)
                    .redirectOutput(out.resolve("agent-" + i + ".out").toFile()).start());
        }
        for (String agent : remote) {
            awaitListening(agent, started);
        }
        return remote;
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Waits until the agent's registry port answers at its address (its start is no synchronisation of the cell). */
    static void awaitListening(String agent, List<Process> agents) throws Exception {
        String host = agent.substring(0, agent.lastIndexOf(':'));
        int port = Integer.parseInt(agent.substring(agent.lastIndexOf(':') + 1));
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < deadline) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(host, port), 500);
                return;
            } catch (IOException notYet) {
                if (agents.stream().anyMatch(a -> !a.isAlive())) {
                    throw new IllegalStateException("an agent died while starting; see its .out file");
                }
                Thread.sleep(300);
            }
        }
        throw new IllegalStateException("agent " + agent + " did not start within 120 s");
    }
}
