package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.dbstudy.cli.jmeter.AgentLauncher;
import org.dbstudy.cli.jmeter.RmiKeystore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dbstudy agent} killed with SIGKILL (no shutdown hook runs) takes its JMeter agent with it:
 * the agent's process ends and its port closes, instead of listening on with nobody to stop it.
 */
class AgentDiesWithItsLauncherTest {

    @TempDir
    Path dir;

    @Test
    void aSigkilledAgentCommandLeavesNoAgentListening() throws Exception {
        Path keystore = dir.resolve(RmiKeystore.FILE_NAME);
        RmiKeystore.create(keystore);
        int port = freePort();
        int objectPort = freePort();
        Path out = dir.resolve("launcher.out");
        Process launcher = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Ddbstudy.root=" + System.getProperty("dbstudy.root"), "-Ddbstudy.cds=false",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "agent", "--port", Integer.toString(port), "--local-port", Integer.toString(objectPort),
                "--rmi-keystore", keystore.toString())
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        ProcessHandle agent = null;
        try {
            agent = awaitListening(launcher, port, objectPort, out);
            launcher.destroyForcibly(); // SIGKILL: the launcher's shutdown hook does not run
            launcher.waitFor();
            try {
                agent.onExit().get(60, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                fail("the agent (PID " + agent.pid() + ") outlived its launcher by 60 s");
            }
            assertThrows(ConnectException.class, () -> {
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress("127.0.0.1", port), 5000);
                }
            }, "the agent's port " + port + " still answers");
        } finally {
            launcher.destroyForcibly();
            if (agent != null) {
                agent.destroyForcibly();
            }
        }
    }

    /** The launcher's JMeter agent, once it listens on both ports. */
    private static ProcessHandle awaitListening(Process launcher, int port, int objectPort, Path out) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && launcher.isAlive()) {
            Optional<ProcessHandle> agent = launcher.descendants()
                    .filter(p -> p.info().commandLine().orElse("").contains(AgentLauncher.class.getName())).findFirst();
            if (agent.isPresent()) {
                List<Integer> ports = ListeningSockets.of(agent.get().pid()).orElseThrow().stream()
                        .map(InetSocketAddress::getPort).toList();
                if (ports.contains(port) && ports.contains(objectPort)) {
                    return agent.get();
                }
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("no agent listening on " + port + " and " + objectPort + ":\n" + Files.readString(out));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
