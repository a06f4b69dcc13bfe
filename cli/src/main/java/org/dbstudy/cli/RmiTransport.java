package org.dbstudy.cli;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * How the runner and its agents talk RMI: over SSL with one shared {@link RmiKeystore} (the default, as
 * in JMeter), or plain, which lets anyone who reaches an agent's ports run code there and so is only
 * chosen with {@code --insecure-plain-rmi}. Both sides must agree.
 */
final class RmiTransport {
    private final Path keystore;

    private RmiTransport(Path keystore) {
        this.keystore = keystore;
    }

    static RmiTransport ssl(Path keystore) {
        return new RmiTransport(keystore.toAbsolutePath().normalize());
    }

    static RmiTransport insecurePlain() {
        return new RmiTransport(null);
    }

    boolean isSsl() {
        return keystore != null;
    }

    /** The keystore both sides use (SSL only). */
    Path keystore() {
        return keystore;
    }

    /** JMeter properties for the agent and the runner alike; they override any user.properties. */
    List<String> jmeterProperties() {
        if (!isSsl()) {
            return List.of("-Jserver.rmi.ssl.disable=true");
        }
        return List.of("-Jserver.rmi.ssl.disable=false",
                "-Jserver.rmi.ssl.keystore.file=" + keystore, "-Jserver.rmi.ssl.keystore.type=" + RmiKeystore.TYPE,
                "-Jserver.rmi.ssl.keystore.alias=" + RmiKeystore.ALIAS,
                "-Jserver.rmi.ssl.truststore.file=" + keystore, "-Jserver.rmi.ssl.truststore.type=" + RmiKeystore.TYPE);
    }

    /**
     * The runner's JMeter arguments: the properties above and the address the agents call back at (the
     * samples come back over RMI objects the runner exports). JMeter binds those to
     * {@code java.rmi.server.hostname} with SSL, so it is the runner's own address on the way to the
     * first agent (127.0.0.1 for agents on this machine).
     */
    List<String> runnerArgs(List<String> agents) {
        List<String> args = new ArrayList<>(jmeterProperties());
        String callback = agents.isEmpty() ? null : localAddressTowards(agents.get(0));
        if (callback != null) {
            args.add("-Djava.rmi.server.hostname=" + callback);
        }
        return args;
    }

    /** This machine's address on the route to {@code HOST:PORT} (no packet is sent), or null when it cannot tell. */
    static String localAddressTowards(String agent) {
        int colon = agent.lastIndexOf(':');
        if (colon <= 0) {
            return null;
        }
        String host = agent.substring(0, colon).replace("[", "").replace("]", "");
        try (DatagramSocket probe = new DatagramSocket()) {
            probe.connect(InetAddress.getByName(host), Integer.parseInt(agent.substring(colon + 1)));
            InetAddress local = probe.getLocalAddress();
            return local == null || local.isAnyLocalAddress() ? null : local.getHostAddress();
        } catch (IOException | RuntimeException e) {
            // Preflight names an agent it cannot reach; JMeter then uses its own default.
            return null;
        }
    }

    /** For the agent's and the runner's first lines. */
    String describe() {
        return isSsl() ? "RMI over SSL with keystore " + keystore : "PLAIN RMI (no SSL, no authentication)";
    }
}
