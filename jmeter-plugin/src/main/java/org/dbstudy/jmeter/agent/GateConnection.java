package org.dbstudy.jmeter.agent;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An agent's line to the runner's start gate for one test, in lines of ASCII: the agent says
 * {@code READY <agent>} and waits for {@code GO}; from then on it sends {@code .} every
 * {@link #HEARTBEAT_MS} (the runner knows it alive) and {@code END} when its engine has ended. A
 * {@code STOP} from the runner, or the line's end (the runner gone), stops the engine at once: a cell the
 * runner stops, or a runner that died, leaves no agent loading the database.
 */
final class GateConnection {
    static final long HEARTBEAT_MS = 1000;
    static final String READY = "READY ";
    static final String GO = "GO";
    static final String STOP = "STOP";
    static final String BEAT = ".";
    static final String END = "END";
    private static final Logger LOG = LoggerFactory.getLogger(GateConnection.class);

    private GateConnection() {
    }

    /** Connects to {@code gate} as {@code agent}, waits for the go, then keeps the line (heartbeats, stop) for the engine's test. */
    static void await(String gate, String agent, StandardJMeterEngine engine) {
        int colon = gate.lastIndexOf(':');
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(gate.substring(0, colon), Integer.parseInt(gate.substring(colon + 1))), 30_000);
            socket.setTcpNoDelay(true);
            OutputStream out = socket.getOutputStream();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
            send(out, READY + agent);
            LOG.info("dbstudy agent {}: at the runner's start gate {}", agent, gate);
            String line = in.readLine();
            if (!GO.equals(line)) {
                LOG.warn("dbstudy agent {}: the runner's gate said {} instead of GO: stopping this agent's test", agent,
                        line == null ? "nothing (closed)" : line);
                stop(engine, socket);
                return;
            }
            LOG.info("dbstudy agent {}: started by the runner's gate", agent);
            daemon(() -> listen(in, agent, engine, socket), "dbstudy gate listener");
            daemon(() -> beat(out, engine, socket), "dbstudy gate heartbeat");
        } catch (IOException | RuntimeException e) {
            LOG.error("dbstudy agent {}: cannot reach the runner's start gate {} ({}): stopping this agent's test", agent, gate,
                    e.toString());
            stop(engine, socket);
        }
    }

    /** A STOP, or the runner gone (the line closed), stops this agent's engine now. */
    private static void listen(BufferedReader in, String agent, StandardJMeterEngine engine, Socket socket) {
        String line;
        try {
            line = in.readLine();
        } catch (IOException e) {
            line = null;
        }
        if (socket.isClosed()) {
            return; // this side ended the line: the test is over
        }
        LOG.warn("dbstudy agent {}: {}: stopping this agent's engine now", agent,
                STOP.equals(line) ? "the runner stopped the cell" : "the runner's gate closed (runner gone)");
        stop(engine, socket);
    }

    /** Heartbeats while the engine runs, then END. */
    private static void beat(OutputStream out, StandardJMeterEngine engine, Socket socket) {
        try {
            while (engine == null || engine.isActive()) {
                send(out, BEAT);
                Thread.sleep(HEARTBEAT_MS);
            }
            send(out, END);
        } catch (IOException | InterruptedException e) {
            // The line is gone: the listener stops the engine.
        } finally {
            close(socket);
        }
    }

    private static void send(OutputStream out, String line) throws IOException {
        out.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    private static void stop(StandardJMeterEngine engine, Socket socket) {
        close(socket);
        if (engine != null) {
            engine.stopTest(true);
        }
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // Closing is all that is left to do.
        }
    }

    private static void daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        t.start();
    }
}
