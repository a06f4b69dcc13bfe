package org.dbstudy.cli.jmeter;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMISocketFactory;

/**
 * The main class of a {@code dbstudy agent}'s JMeter process: makes every RMI server socket the JVM
 * opens without a factory of its own listen on the agent's address only, then starts JMeter's launcher
 * ({@code org.apache.jmeter.NewDriver}) with the arguments. JMeter binds its SSL sockets to
 * {@code java.rmi.server.hostname} itself; without SSL it passes no factory and the JDK would listen
 * on every address. Uses the JDK only: it runs beside JMeter's jars, not dbstudy's.
 *
 * <p>Its standard input is a pipe from the {@code dbstudy agent} that started it: when that pipe closes,
 * however the launcher died (SIGKILL included, which runs no shutdown hook), the agent stops too,
 * instead of listening on with nobody to stop it.
 */
public final class AgentLauncher {
    /** System property with the address to listen on. */
    public static final String BIND_PROPERTY = "dbstudy.agent.bind";

    private AgentLauncher() {
    }

    public static void main(String[] args) throws Exception {
        String bind = System.getProperty(BIND_PROPERTY);
        if (bind == null || bind.isBlank()) {
            throw new IllegalStateException("-D" + BIND_PROPERTY + "=ADDRESS is missing");
        }
        RMISocketFactory.setSocketFactory(new BoundSocketFactory(InetAddress.getByName(bind)));
        Thread watchdog = new Thread(AgentLauncher::exitWhenLauncherGone, "dbstudy launcher watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        Class.forName("org.apache.jmeter.NewDriver").getMethod("main", String[].class).invoke(null, (Object) args);
    }

    /** Reads standard input to its end, which comes when the launcher is gone; then ends this JVM. */
    private static void exitWhenLauncherGone() {
        try {
            while (System.in.read() >= 0) {
                // Nothing is sent: the pipe's end is the message.
            }
        } catch (IOException e) {
            // A broken pipe says the same as its end.
        }
        System.err.println("dbstudy agent: its launcher is gone (standard input closed); stopping");
        System.exit(1);
    }

    /** Server sockets on one address; client sockets as the JDK makes them. */
    public static final class BoundSocketFactory extends RMISocketFactory {
        private final InetAddress address;

        BoundSocketFactory(InetAddress address) {
            this.address = address;
        }

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            return new ServerSocket(port, 50, address);
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return new Socket(host, port);
        }
    }
}
