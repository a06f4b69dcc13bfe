package org.dbstudy.databases;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP relay for tests: accepts on one address and copies bytes both ways to a target, so agents in
 * network namespaces reach a database that listens on the host's loopback only. Closing it closes every
 * connection it carries.
 */
public final class TcpRelay implements AutoCloseable {
    private final ServerSocket server;
    private final InetSocketAddress target;
    private final List<Socket> open = new CopyOnWriteArrayList<>();

    private TcpRelay(ServerSocket server, InetSocketAddress target) {
        this.server = server;
        this.target = target;
    }

    public static TcpRelay start(InetSocketAddress listen, InetSocketAddress target) throws IOException {
        ServerSocket server = new ServerSocket();
        server.bind(listen);
        TcpRelay relay = new TcpRelay(server, target);
        Thread accept = new Thread(relay::accept, "tcp relay " + listen + " -> " + target);
        accept.setDaemon(true);
        accept.start();
        return relay;
    }

    public int port() {
        return server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket in = server.accept();
                Socket out = new Socket(target.getAddress(), target.getPort());
                in.setTcpNoDelay(true);
                out.setTcpNoDelay(true);
                open.add(in);
                open.add(out);
                pump(in, out);
                pump(out, in);
            } catch (IOException e) {
                // Closed, or the target refused this one: the client sees its connection end.
            }
        }
    }

    private void pump(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[16384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    out.write(buffer, 0, n);
                }
            } catch (IOException e) {
                // One side went: the other is closed below.
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "tcp relay pump");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() {
        closeQuietly(server);
        open.forEach(TcpRelay::closeQuietly);
        open.clear();
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // Closing is all that is left to do.
        }
    }
}
