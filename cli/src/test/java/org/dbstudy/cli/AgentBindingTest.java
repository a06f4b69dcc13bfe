package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.security.KeyStore;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.jmeter.RmiKeystore;
import org.dbstudy.cli.jmeter.RmiOptions;
import org.dbstudy.cli.jmeter.RmiTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dbstudy agent} listens on the address it names only (RMI registry and RMI object, as the
 * kernel shows them), speaks RMI over SSL to holders of its keystore only, and takes plain RMI only
 * when told so; bad flags get one line and exit 2.
 */
class AgentBindingTest {
    private static final String LOOPBACK = "127.0.0.1";

    @TempDir
    Path dir;

    @Test
    void anSslAgentListensOnItsAddressOnlyAndTalksToHoldersOfItsKeystoreOnly() throws Exception {
        Path keystore = dir.resolve(RmiKeystore.FILE_NAME);
        RmiKeystore.create(keystore);
        assertEquals("rw-------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(keystore)));
        int port = freePort();
        int objectPort = freePort();
        Process agent = start(RmiTransport.ssl(keystore), port, objectPort);
        try {
            assertEquals(Set.of(new InetSocketAddress(LOOPBACK, port), new InetSocketAddress(LOOPBACK, objectPort)),
                    Set.copyOf(awaitBoth(agent, port, objectPort)));
            assertNothingOnOtherAddresses(port, objectPort);
            // A plain RMI client (what an agent without SSL would take) gets nothing.
            assertThrows(RemoteException.class, () -> LocateRegistry.getRegistry(LOOPBACK, port).list());
            // Someone with a keystore of their own: the agent's certificate is not theirs, no session.
            Path stranger = dir.resolve("stranger.jks");
            RmiKeystore.create(stranger);
            assertThrows(IOException.class, () -> handshake(stranger, port));
            // The runner's copy of the keystore: the handshake completes.
            handshake(keystore, port);
            // The runner's own check before a run says the same, naming what to do.
            String agentAt = LOOPBACK + ":" + port;
            assertEquals(null, RmiTransport.ssl(keystore).problemWith(agentAt));
            String stranger2 = RmiTransport.ssl(stranger).problemWith(agentAt);
            assertTrue(stranger2 != null && stranger2.contains("does not take RMI over SSL with the keystore " + stranger), stranger2);
            String plain = RmiTransport.insecurePlain().problemWith(agentAt);
            assertTrue(plain != null && plain.contains("does not take plain RMI"), plain);
        } finally {
            agent.destroy();
            agent.waitFor();
        }
    }

    @Test
    void aPlainRmiAgentTooListensOnItsAddressOnly() throws Exception {
        int port = freePort();
        int objectPort = freePort();
        Process agent = start(RmiTransport.insecurePlain(), port, objectPort);
        try {
            // JMeter gives plain RMI no socket factory: without the launcher's these would be on every address.
            assertEquals(Set.of(new InetSocketAddress(LOOPBACK, port), new InetSocketAddress(LOOPBACK, objectPort)),
                    Set.copyOf(awaitBoth(agent, port, objectPort)));
            assertNothingOnOtherAddresses(port, objectPort);
            assertTrue(Arrays.asList(LocateRegistry.getRegistry(LOOPBACK, port).list()).contains("JMeterEngine"));
            String agentAt = LOOPBACK + ":" + port;
            assertEquals(null, RmiTransport.insecurePlain().problemWith(agentAt));
            Path keystore = dir.resolve(RmiKeystore.FILE_NAME);
            RmiKeystore.create(keystore);
            String ssl = RmiTransport.ssl(keystore).problemWith(agentAt);
            assertTrue(ssl != null && ssl.contains(RmiOptions.INSECURE), ssl);
        } finally {
            agent.destroy();
            agent.waitFor();
        }
    }

    @Test
    void badAgentFlagsGetOneLineAndExit2() throws Exception {
        Path garbage = Files.writeString(dir.resolve("garbage.jks"), "not a keystore");
        String[][] cases = {
            {"--port", "0"},
            {"--port", "31099", "--local-port", "31099"},
            {"--port", "65000"},
            {"--port", "31099", "--bind", "0.0.0.0"},
            {"--port", "31099", "--bind", "203.0.113.77"},
            {"--port", "31099", "--bind", "no-such-host.invalid"},
            {"--port", "31099", "--rmi-keystore", garbage.toString()},
            {"--port", "31099", "--rmi-keystore", garbage.toString(), RmiOptions.INSECURE},
        };
        String[] says = {"--port 0", "--local-port 31099", "--port + 1000 66000", "--bind 0.0.0.0", "--bind 203.0.113.77",
            "--bind no-such-host.invalid", "--rmi-keystore " + garbage, "contradict"};
        for (int i = 0; i < cases.length; i++) {
            String[] args = new String[cases[i].length + 1];
            args[0] = "agent";
            System.arraycopy(cases[i], 0, args, 1, cases[i].length);
            MainTest.Run r = MainTest.run(args);
            assertEquals(2, r.status(), String.join(" ", args) + "\n" + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("dbstudy agent: ") && r.err().contains(says[i]), r.err());
        }
    }

    @Test
    void aRunnerWithoutTheAgentsKeystoreStopsBeforeAnything() {
        Path missing = dir.resolve("missing.jks");
        MainTest.Run r = MainTest.run("run", "--study", "smoke", "--db", "postgres", "--out", dir.resolve("out").toString(),
                "--remote", "127.0.0.1:1", "--rmi-keystore", missing.toString());
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("--rmi-keystore " + missing) && r.err().contains(RmiOptions.INSECURE), r.err());
        assertTrue(Files.notExists(dir.resolve("out")), "nothing written");
    }

    private Process start(RmiTransport transport, int port, int objectPort) throws IOException {
        return new ProcessBuilder(AgentCommand.agentCommand(JMeterHome.locate(), port, LOOPBACK, objectPort, transport))
                .directory(dir.toFile()).redirectErrorStream(true).redirectOutput(dir.resolve("agent-" + port + ".out").toFile())
                .start();
    }

    /** What the kernel shows the agent listening on, once both ports are open. */
    private List<InetSocketAddress> awaitBoth(Process agent, int port, int objectPort) throws Exception {
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (System.nanoTime() < deadline && agent.isAlive()) {
            List<InetSocketAddress> now = ListeningSockets.of(agent.pid()).orElseThrow();
            List<Integer> ports = now.stream().map(InetSocketAddress::getPort).toList();
            if (ports.contains(port) && ports.contains(objectPort)) {
                return now;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("the agent did not open ports " + port + " and " + objectPort + ":\n"
                + Files.readString(dir.resolve("agent-" + port + ".out")));
    }

    /** Every address of this host but loopback: connecting to the agent's ports there is refused. */
    private static void assertNothingOnOtherAddresses(int... ports) throws IOException {
        List<InetAddress> others = NetworkInterface.networkInterfaces().flatMap(NetworkInterface::inetAddresses)
                .filter(a -> !a.isLoopbackAddress() && !a.isLinkLocalAddress()).toList();
        for (InetAddress other : others) {
            for (int port : ports) {
                try (Socket s = new Socket()) {
                    assertThrows(ConnectException.class, () -> s.connect(new InetSocketAddress(other, port), 5000),
                            "port " + port + " answers on " + other);
                }
            }
        }
    }

    /** A TLS handshake with the agent's registry port, as a client holding {@code keystore}. */
    private static void handshake(Path keystore, int port) throws Exception {
        KeyStore store = KeyStore.getInstance(RmiKeystore.TYPE);
        try (InputStream in = Files.newInputStream(keystore)) {
            store.load(in, "changeit".toCharArray());
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, "changeit".toCharArray());
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
        try (SSLSocket s = (SSLSocket) tls.getSocketFactory().createSocket(LOOPBACK, port)) {
            s.setSoTimeout(30_000);
            s.startHandshake();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
