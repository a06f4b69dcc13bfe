package org.dbstudy.cli;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.cli.jmeter.AgentLauncher;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.jmeter.JMeterHomeOptions;
import org.dbstudy.cli.jmeter.RmiOptions;
import org.dbstudy.cli.jmeter.RmiTransport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code dbstudy agent}: a JMeter remote agent (jmeter-server) with the dbstudy plugin and the JDBC
 * drivers, for {@code dbstudy run --remote}. It listens on the one address {@code --bind} names (RMI
 * registry and RMI object alike), talks RMI over SSL unless told {@code --insecure-plain-rmi}, and
 * prints the addresses the kernel shows it listening on. Runs in the foreground until stopped.
 */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = "Start a JMeter remote agent with the dbstudy plugin and JDBC drivers (see docs/distributed.md).")
public final class AgentCommand implements Callable<Integer> {
    /** How long JMeter may take to open its two ports. */
    private static final long START_MILLIS = 120_000;

    @Option(names = "--port", required = true, paramLabel = "PORT", description = "RMI registry port the client connects to (JMeter's default is 1099).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "The one address of this host the agent listens on and clients reach it at (default ${DEFAULT-VALUE}).")
    String bind;

    @Option(names = "--local-port", paramLabel = "PORT",
            description = "Port of the agent's RMI object (default: PORT + 1000), so a firewall can allow exactly two ports.")
    Integer localPort;

    @Mixin
    JMeterHomeOptions jmeterHomeOptions;

    @Mixin
    RmiOptions rmiOptions;

    @Override
    public Integer call() throws Exception {
        checkPort("--port", port);
        int objectPort = localPort == null ? port + 1000 : localPort;
        checkPort(localPort == null ? "--port + 1000" : "--local-port", objectPort);
        if (objectPort == port) {
            throw new UserError("--local-port " + objectPort + ": must differ from --port (the registry and the RMI object need a port each)");
        }
        InetAddress address = localAddress(bind);
        JMeterHome home = jmeterHomeOptions.locate();
        RmiTransport transport = rmiOptions.forAgent(home, bind, System.out, System.err);
        List<String> cmd = agentCommand(home, port, address.getHostAddress(), objectPort, transport);
        // Standard input stays a pipe from this JVM: the agent stops when it closes, also after a SIGKILL here.
        Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.INHERIT)
                .redirectError(ProcessBuilder.Redirect.INHERIT).directory(home.home().resolve("bin").toFile()).start();
        Runtime.getRuntime().addShutdownHook(new Thread(p::destroy));
        Optional<List<InetSocketAddress>> listening = awaitListening(p, address, port, objectPort);
        if (!p.isAlive()) {
            System.err.println("dbstudy agent: JMeter stopped while starting (exit " + p.exitValue() + "); see "
                    + home.home().resolve("bin/jmeter-server-" + port + ".log"));
            return 1;
        }
        if (listening.isPresent() && !listening.get().stream().map(InetSocketAddress::getPort).toList()
                .containsAll(List.of(port, objectPort))) {
            p.destroy();
            System.err.println("dbstudy agent: JMeter did not open ports " + port + " and " + objectPort + " within "
                    + START_MILLIS / 1000 + " s; stopped it; see " + home.home().resolve("bin/jmeter-server-" + port + ".log"));
            return 1;
        }
        if (listening.isPresent()) {
            List<InetSocketAddress> elsewhere = listening.get().stream().filter(a -> !a.getAddress().equals(address)).toList();
            String shown = listening.get().stream().map(ListeningSockets::show).collect(Collectors.joining(", "));
            if (!elsewhere.isEmpty()) {
                p.destroy();
                System.err.println("dbstudy agent: stopped: it listened on " + shown + ", not only on " + bind);
                return 1;
            }
            System.out.println("dbstudy agent listening on " + shown + " (RMI registry " + port + ", RMI object " + objectPort
                    + "), " + transport.describe() + "; JMeter home " + home.home() + "; stop with Ctrl-C");
        } else {
            System.out.println("dbstudy agent on " + bind + ":" + port + " and " + bind + ":" + objectPort
                    + " (this system does not show listening sockets to check), " + transport.describe() + "; stop with Ctrl-C");
        }
        return p.waitFor();
    }

    private static void checkPort(String option, int value) {
        if (value <= 0 || value > 65535) {
            throw new UserError(option + " " + value + ": give a TCP port from 1 to 65535");
        }
    }

    /** {@code --bind} must be one address of this host, not the wildcard: the agent listens there only. */
    static InetAddress localAddress(String bind) {
        InetAddress address;
        try {
            address = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new UserError("--bind " + bind + ": unknown host; give an address of this host, such as 127.0.0.1 or 10.0.0.21");
        }
        if (address.isAnyLocalAddress()) {
            throw new UserError("--bind " + bind + ": the agent listens on one address only; give the address of this host"
                    + " that the runner reaches, such as 10.0.0.21");
        }
        try {
            if (!address.isLoopbackAddress() && NetworkInterface.getByInetAddress(address) == null) {
                throw new UserError("--bind " + bind + ": not an address of this host; give one of: " + hostAddresses());
            }
        } catch (SocketException e) {
            throw new UserError("--bind " + bind + ": cannot read this host's addresses (" + e.getMessage() + ")");
        }
        return address;
    }

    private static String hostAddresses() throws SocketException {
        return NetworkInterface.networkInterfaces().flatMap(NetworkInterface::inetAddresses)
                .map(InetAddress::getHostAddress).filter(a -> !a.contains("%")).collect(Collectors.joining(", "));
    }

    /**
     * Waits until JMeter listens on both ports (or stops) and returns what the kernel shows it
     * listening on; empty where that cannot be read (then the registry port answering is the sign).
     */
    private static Optional<List<InetSocketAddress>> awaitListening(Process p, InetAddress address, int port, int objectPort)
            throws InterruptedException {
        long deadline = System.nanoTime() + START_MILLIS * 1_000_000;
        while (p.isAlive() && System.nanoTime() < deadline) {
            Optional<List<InetSocketAddress>> now = ListeningSockets.of(p.pid());
            if (now.isPresent()) {
                List<Integer> ports = now.get().stream().map(InetSocketAddress::getPort).toList();
                if (ports.contains(port) && ports.contains(objectPort)) {
                    return now;
                }
            } else if (answers(address, port)) {
                return Optional.empty();
            }
            Thread.sleep(200);
        }
        return ListeningSockets.of(p.pid());
    }

    private static boolean answers(InetAddress address, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(address, port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The agent's JMeter command line: {@link AgentLauncher} binds plain RMI sockets to {@code bind};
     * with SSL, JMeter binds its own to {@code java.rmi.server.hostname}, the same address.
     */
    public static List<String> agentCommand(JMeterHome home, int port, String bind, int localPort, RmiTransport transport) {
        List<String> cmd = home.command();
        cmd.addAll(List.of(
                // JMeter binds SSL sockets to it, and its stubs tell clients to call back there.
                "-Djava.rmi.server.hostname=" + bind,
                "-D" + AgentLauncher.BIND_PROPERTY + "=" + bind,
                "-Dserver_port=" + port,
                // The launcher beside JMeter's own (NewDriver then finds the home by jmeter.home).
                "-Djmeter.home=" + home.home(),
                "-cp", home.launcherJar() + File.pathSeparator + launcherLocation(),
                AgentLauncher.class.getName(), "-s"));
        cmd.addAll(transport.jmeterProperties());
        cmd.addAll(List.of(
                "-Jserver.rmi.localport=" + localPort,
                // The agent must not print the global properties it receives: db.password is one of them.
                "-Lorg.apache.jmeter.JMeter=WARN",
                "-Lorg.apache.jmeter.engine.RemoteJMeterEngineImpl=WARN",
                "-Lorg.apache.jmeter.engine.StandardJMeterEngine=WARN",
                "-j", "jmeter-server-" + port + ".log"));
        cmd.addAll(home.jmeterArgs());
        return cmd;
    }

    /**
     * A directory with {@link AgentLauncher}'s classes alone: the CLI jar's manifest names all of
     * dbstudy's libraries, which must not sit before JMeter's own on the agent's class path.
     */
    private static Path launcherLocation() {
        try {
            Path dir = Files.createTempDirectory("dbstudy-agent-launcher-");
            dir.toFile().deleteOnExit();
            Path pkg = dir;
            for (String part : AgentLauncher.class.getPackageName().split("\\.")) {
                // Deleted on exit in reverse order: files, then each directory from the innermost.
                pkg = Files.createDirectory(pkg.resolve(part));
                pkg.toFile().deleteOnExit();
            }
            for (Class<?> c : List.of(AgentLauncher.class, AgentLauncher.BoundSocketFactory.class)) {
                String name = c.getName().substring(c.getPackageName().length() + 1) + ".class";
                Path copy = pkg.resolve(name);
                try (InputStream in = c.getResourceAsStream(name)) {
                    Files.copy(in, copy);
                }
                copy.toFile().deleteOnExit();
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("writing the agent's launcher class", e);
        }
    }
}
