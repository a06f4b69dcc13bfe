package org.dbstudy.cli;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.monitor.MonitorServer;
import org.dbstudy.monitor.MonitorToken;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code dbstudy monitor}: runs on the database server's host and answers the runner's monitor with
 * that host's CPU, memory, disk and network figures and the server processes' CPU and memory, for a
 * target that names this address ({@code targets[].monitor}, {@code --monitor}). It answers only requests
 * with its token: a new one at each start, written to a file only its owner can read, or taken from an
 * environment variable. Foreground until stopped.
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

    @Option(names = "--token-file", paramLabel = "FILE",
            description = "Where to write the token runners must show (a new one at each start, mode 0600; default ~/.dbstudy/"
                    + MonitorToken.FILE_NAME + "). Copy it to the runner's ~/.dbstudy/" + MonitorToken.FILE_NAME + ".")
    Path tokenFile;

    @Option(names = "--token-env", paramLabel = "VAR",
            description = "Take the token from this environment variable instead of making one (no file is written).")
    String tokenEnv;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new UserError("--port " + port + ": give a TCP port from 1 to 65535 (0: any free port)");
        }
        if (tokenFile != null && tokenEnv != null) {
            throw new UserError("--token-file and --token-env: give one of them");
        }
        MonitorToken token;
        String tokenFrom;
        if (tokenEnv != null) {
            token = MonitorTokens.fromEnvironment("--token-env", tokenEnv);
            tokenFrom = "from $" + tokenEnv;
        } else {
            Path file = tokenFile != null ? tokenFile : MonitorToken.defaultFile();
            token = MonitorToken.generate();
            try {
                token.write(file);
            } catch (IOException e) {
                throw new UserError("--token-file " + file + ": cannot write the token there (" + e.getMessage()
                        + "); give a file in a directory of yours");
            }
            tokenFrom = "written to " + file.toAbsolutePath() + " (mode 0600; copy it to the runner's ~/.dbstudy/"
                    + MonitorToken.FILE_NAME + ")";
        }
        MonitorServer server;
        try {
            server = MonitorServer.start(new InetSocketAddress(bind, port), token);
        } catch (BindException e) {
            throw new UserError("--bind " + bind + " --port " + port + ": cannot listen there (" + e.getMessage()
                    + "); give a free port and an address of this host");
        } catch (IOException e) {
            throw new UserError("--bind " + bind + " --port " + port + ": " + e.getMessage());
        }
        InetSocketAddress at = server.address();
        System.out.println("dbstudy monitor on " + at.getHostString() + ":" + at.getPort()
                + "; runners name it with --monitor " + at.getHostString() + ":" + at.getPort() + "; stop with Ctrl-C");
        System.out.println("its token: " + tokenFrom);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }));
        stopped.await();
        return 0;
    }
}
