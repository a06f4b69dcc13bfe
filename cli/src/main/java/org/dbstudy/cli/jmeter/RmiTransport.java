package org.dbstudy.cli.jmeter;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * How the runner and its agents talk RMI: over SSL with one shared {@link RmiKeystore} (the default, as
 * in JMeter), or plain, which lets anyone who reaches an agent's ports run code there and so is only
 * chosen with {@code --insecure-plain-rmi}. Both sides must agree.
 */
public final class RmiTransport {
    /** The JDK's RMI wire protocol (java.rmi specification, chapter 10): header and acknowledgement. */
    private static final int JRMI_MAGIC = 0x4a524d49;
    private static final int JRMI_VERSION = 2;
    private static final int STREAM_PROTOCOL = 0x4b;
    private static final int PROTOCOL_ACK = 0x4e;

    private final Path keystore;

    private RmiTransport(Path keystore) {
        this.keystore = keystore;
    }

    public static RmiTransport ssl(Path keystore) {
        return new RmiTransport(keystore.toAbsolutePath().normalize());
    }

    public static RmiTransport insecurePlain() {
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
    public List<String> jmeterProperties() {
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
    public List<String> runnerArgs(List<String> agents) {
        List<String> args = new ArrayList<>(jmeterProperties());
        String callback = agents.isEmpty() ? null : localAddressTowards(agents.get(0));
        if (callback != null) {
            args.add("-Djava.rmi.server.hostname=" + callback);
        }
        return args;
    }

    /** This machine's address on the route to {@code HOST:PORT} (no packet is sent), or null when it cannot tell. */
    public static String localAddressTowards(String agent) {
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

    /**
     * What stops this side from talking to the agent at {@code HOST:PORT}, or null when its RMI
     * registry acknowledges us: an RMI stream header ({@code JRMI}, version 2, stream protocol) sent
     * over this transport must come back as a protocol acknowledgement. An agent that is not reached
     * at all is left to preflight (null).
     */
    public String problemWith(String agent) {
        int colon = agent.lastIndexOf(':');
        InetSocketAddress at;
        try {
            at = new InetSocketAddress(agent.substring(0, colon).replace("[", "").replace("]", ""),
                    Integer.parseInt(agent.substring(colon + 1)));
        } catch (RuntimeException e) {
            return null;
        }
        Socket raw = new Socket();
        try {
            raw.connect(at, 5000);
        } catch (IOException notReached) {
            closeQuietly(raw);
            return null;
        }
        try (Socket s = isSsl() ? sslContext().getSocketFactory().createSocket(raw, at.getHostString(), at.getPort(), true) : raw) {
            s.setSoTimeout(15_000);
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            out.writeInt(JRMI_MAGIC);
            out.writeShort(JRMI_VERSION);
            out.writeByte(STREAM_PROTOCOL);
            out.flush();
            int ack = s.getInputStream().read();
            if (ack == PROTOCOL_ACK) {
                return null;
            }
            return mismatch(agent, "it answered " + (ack < 0 ? "nothing" : "byte " + ack));
        } catch (IOException | GeneralSecurityException e) {
            return mismatch(agent, e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        } finally {
            closeQuietly(raw);
        }
    }

    private String mismatch(String agent, String why) {
        return "JMeter agent " + agent + " does not take " + (isSsl() ? "RMI over SSL with the keystore " + keystore
                + " (copy the agents' rmi_keystore.jks here or name it with --rmi-keystore; or the agent runs " + RmiOptions.INSECURE + ")"
                : "plain RMI (it talks RMI over SSL: drop " + RmiOptions.INSECURE + " and use its keystore)") + "; " + why;
    }

    private SSLContext sslContext() throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(RmiKeystore.TYPE);
        try (InputStream in = Files.newInputStream(keystore)) {
            store.load(in, RmiKeystore.password());
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, RmiKeystore.password());
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
        return tls;
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    /** For the agent's and the runner's first lines. */
    public String describe() {
        return isSsl() ? "RMI over SSL with keystore " + keystore : "PLAIN RMI (no SSL, no authentication)";
    }
}
