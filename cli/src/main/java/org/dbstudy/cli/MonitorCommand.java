package org.dbstudy.cli;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.monitor.MonitorServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code dbstudy monitor}: runs on the database server's host and answers the runner's monitor with
 * that host's CPU, memory, disk and network figures and the server processes' CPU and memory, for a
 * target that names this address ({@code targets[].monitor}, {@code --monitor}). Foreground until stopped.
 */
@Command(name = "monitor", mixinStandardHelpOptions = true,
        description = "On the database server's host: serve its CPU, memory and I/O and the database server's processes"
                + " to 'dbstudy run --monitor HOST:PORT' (see docs/monitoring.md).")
final class MonitorCommand implements Callable<Integer> {
    @Option(names = "--port", defaultValue = "7070", paramLabel = "PORT", description = "TCP port to listen on (default ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "Address to listen on (default ${DEFAULT-VALUE}; give the address the runner reaches, or 0.0.0.0).")
    String bind;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new UserError("--port " + port + ": give a TCP port from 1 to 65535 (0: any free port)");
        }
        MonitorServer server;
        try {
            server = MonitorServer.start(new InetSocketAddress(bind, port));
        } catch (BindException e) {
            throw new UserError("--bind " + bind + " --port " + port + ": cannot listen there (" + e.getMessage()
                    + "); give a free port and an address of this host");
        } catch (IOException e) {
            throw new UserError("--bind " + bind + " --port " + port + ": " + e.getMessage());
        }
        InetSocketAddress at = server.address();
        System.out.println("dbstudy monitor on " + at.getHostString() + ":" + at.getPort()
                + "; runners name it with --monitor " + at.getHostString() + ":" + at.getPort() + "; stop with Ctrl-C");
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }));
        stopped.await();
        return 0;
    }
}
