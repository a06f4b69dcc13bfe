package org.dbstudy.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code dbstudy agent}: a JMeter remote agent (jmeter-server) with the dbstudy plugin and the JDBC
 * drivers, for {@code dbstudy run --remote}. Runs in the foreground until stopped.
 */
@Command(name = "agent", mixinStandardHelpOptions = true,
        description = "Start a JMeter remote agent with the dbstudy plugin and JDBC drivers (see docs/distributed.md).")
final class AgentCommand implements Callable<Integer> {
    @Option(names = "--port", required = true, paramLabel = "PORT", description = "RMI registry port the client connects to (JMeter's default is 1099).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address clients reach this agent at; sets java.rmi.server.hostname (default ${DEFAULT-VALUE}).")
    String bind;

    @Option(names = "--local-port", paramLabel = "PORT",
            description = "Port of the agent's RMI object (default: PORT + 1000), so a firewall can allow exactly two ports.")
    Integer localPort;

    @Mixin
    JMeterHomeOptions jmeterHomeOptions;

    @Override
    public Integer call() throws Exception {
        if (port <= 0 || port > 65535) {
            throw new UserError("--port " + port + ": give a TCP port from 1 to 65535");
        }
        JMeterHome home = jmeterHomeOptions.locate();
        List<String> cmd = agentCommand(home, port, bind, localPort == null ? port + 1000 : localPort);
        System.out.println("dbstudy agent on " + bind + ":" + port + " (JMeter home " + home.home() + "); stop with Ctrl-C");
        Process p = new ProcessBuilder(cmd).inheritIO().directory(home.home().resolve("bin").toFile()).start();
        Runtime.getRuntime().addShutdownHook(new Thread(p::destroy));
        return p.waitFor();
    }

    static List<String> agentCommand(JMeterHome home, int port, String bind, int localPort) {
        List<String> cmd = home.command();
        cmd.addAll(List.of(
                // Without it an agent on a loopback-resolving host name refuses to start.
                "-Djava.rmi.server.hostname=" + bind,
                "-Dserver_port=" + port,
                "-jar", home.launcherJar().toString(), "-s",
                "-Jserver.rmi.ssl.disable=true",
                "-Jserver.rmi.localport=" + localPort,
                // The agent must not print the global properties it receives: db.password is one of them.
                "-Lorg.apache.jmeter.JMeter=WARN",
                "-Lorg.apache.jmeter.engine.RemoteJMeterEngineImpl=WARN",
                "-Lorg.apache.jmeter.engine.StandardJMeterEngine=WARN",
                "-j", "jmeter-server-" + port + ".log"));
        cmd.addAll(home.jmeterArgs());
        return cmd;
    }
}
