package org.dbstudy.cli.agents;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.dbstudy.jmeter.agent.AgentRole;

/**
 * The runner's start gate for one distributed cell: a TCP port on the runner's address towards the agents
 * ({@code -G} {@link AgentRole#GATE}) where each agent's setUp thread, its setUp done (on the one agent
 * {@link #setUpAgent} names) or skipped (on the others), says it is ready and waits. When every agent is
 * there the gate opens for all at once: no agent measures before the last is configured and the setUp has
 * ended, however long JMeter took to start them. From then on the line is the agent's heartbeat: an agent
 * whose line closes before it said it ended (its JMeter killed) or that is silent longer than
 * {@link #SILENT_MILLIS} is lost, by name; {@link #stopAll} stops every agent's engine.
 *
 * <p>The protocol's words are the plugin's ({@code GateConnection}): {@code READY <agent>}, {@code GO},
 * heartbeats {@code .}, {@code END}, {@code STOP}.
 */
public final class StartGate implements AutoCloseable {
    /** An agent silent this long (heartbeats are every second) is lost. */
    public static final long SILENT_MILLIS = 10_000;

    private final List<String> agents;
    private final ServerSocket server;
    private final Map<String, Line> lines = new ConcurrentHashMap<>();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private volatile long openedAt = -1;
    private long lastProbe = System.nanoTime();
    private static final long PROBE_EVERY_NANOS = 5_000_000_000L;
    private volatile String lost;

    /** One agent's line: when it was last heard, and whether it said it ended. */
    private static final class Line {
        final OutputStream out;
        volatile long heardAt = System.nanoTime();
        volatile boolean ended;

        Line(OutputStream out) {
            this.out = out;
        }
    }

    private StartGate(List<String> agents, ServerSocket server) {
        this.agents = List.copyOf(agents);
        this.server = server;
    }

    /** A gate for {@code agents} listening on {@code address} (the runner's address on the route to them). */
    public static StartGate open(List<String> agents, InetAddress address) throws IOException {
        if (agents.isEmpty()) {
            throw new IllegalArgumentException("a start gate needs agents");
        }
        StartGate gate = new StartGate(agents, new ServerSocket(0, 50, address));
        Thread accept = new Thread(gate::accept, "dbstudy start gate");
        accept.setDaemon(true);
        accept.start();
        return gate;
    }

    /** The agent that runs setUp and tearDown: the last in the list, the last one JMeter starts. */
    public String setUpAgent() {
        return agents.get(agents.size() - 1);
    }

    /** The JMeter options that send every agent to this gate and name the setUp's agent. */
    public List<String> jmeterArgs() {
        String host = server.getInetAddress().getHostAddress();
        return List.of("-G" + AgentRole.GATE + "=" + (host.contains(":") ? "[" + host + "]" : host) + ":" + server.getLocalPort(),
                "-G" + AgentRole.SET_UP_BY + "=" + setUpAgent());
    }

    /** Epoch ms when the gate opened for all agents, or -1 while some are not there yet. */
    public long openedAt() {
        return openedAt;
    }

    /** The agents at the gate so far. */
    public List<String> arrived() {
        return new ArrayList<>(lines.keySet());
    }

    /**
     * Why an agent is lost, naming it, or empty: its line closed before it ended (its JMeter killed, its host
     * gone) or it has been silent for {@link #SILENT_MILLIS} since the gate opened.
     */
    public Optional<String> lost() {
        if (lost == null && openedAt < 0 && System.nanoTime() - lastProbe > PROBE_EVERY_NANOS) {
            // Before the gate opens an agent may die without a line to close (during the setUp): its port says so.
            lastProbe = System.nanoTime();
            for (String agent : agents) {
                if (!lines.containsKey(agent) && refused(agent)) {
                    lost = "agent " + agent + " lost: it refuses connections on its port before the cell started (its JMeter gone)";
                }
            }
        }
        if (lost == null && openedAt >= 0) {
            long now = System.nanoTime();
            for (Map.Entry<String, Line> e : lines.entrySet()) {
                Line line = e.getValue();
                if (!line.ended && now - line.heardAt > SILENT_MILLIS * 1_000_000) {
                    lost = "agent " + e.getKey() + " silent for " + (now - line.heardAt) / 1_000_000_000 + " s (no heartbeat)";
                }
            }
        }
        return Optional.ofNullable(lost);
    }

    /** Tells every agent at the gate to stop its engine now (a stopped cell leaves no agent loading the database). */
    public void stopAll() {
        for (Line line : lines.values()) {
            send(line.out, "STOP");
        }
    }

    /** True when nothing listens on the agent's registry port (connection refused); a slow or filtered answer is not that. */
    private static boolean refused(String agent) {
        int colon = agent.lastIndexOf(':');
        try (Socket probe = new Socket()) {
            probe.connect(new java.net.InetSocketAddress(agent.substring(0, colon).replace("[", "").replace("]", ""),
                    Integer.parseInt(agent.substring(colon + 1))), 2000);
            return false;
        } catch (java.net.ConnectException e) {
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                socket.setTcpNoDelay(true);
                sockets.add(socket);
                Thread t = new Thread(() -> serve(socket), "dbstudy start gate line");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                // Closed: the cell is over.
            }
        }
    }

    private void serve(Socket socket) {
        String agent = null;
        try (BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII))) {
            String first = in.readLine();
            if (first == null || !first.startsWith("READY ")) {
                return;
            }
            agent = first.substring("READY ".length()).trim();
            if (agent.isEmpty() || lines.containsKey(agent)) {
                agent = agent + "#" + socket.getRemoteSocketAddress();
            }
            Line line = new Line(socket.getOutputStream());
            lines.put(agent, line);
            openWhenAllArrived();
            for (String said = in.readLine(); said != null; said = in.readLine()) {
                line.heardAt = System.nanoTime();
                if ("END".equals(said)) {
                    line.ended = true;
                }
            }
            if (!line.ended && lost == null && !server.isClosed()) {
                lost = "agent " + agent + " lost: its line to the runner closed mid-cell (its JMeter killed or its host gone)";
            }
        } catch (IOException e) {
            if (agent != null && lost == null && !server.isClosed()) {
                lost = "agent " + agent + " lost: " + e.getMessage();
            }
        }
    }

    /** Opens when as many agents as there are said they are ready (a name the runner does not know still counts). */
    private synchronized void openWhenAllArrived() {
        if (openedAt < 0 && lines.size() >= agents.size()) {
            openedAt = System.currentTimeMillis();
            long now = System.nanoTime();
            for (Line line : lines.values()) {
                line.heardAt = now;
                send(line.out, "GO");
            }
        }
    }

    private static void send(OutputStream out, String word) {
        try {
            synchronized (out) {
                out.write((word + "\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
            }
        } catch (IOException e) {
            // That agent's line is gone: its reader reports it.
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException e) {
            // Closing is all that is left to do.
        }
        for (Socket s : sockets) {
            try {
                s.close();
            } catch (IOException e) {
                // Same.
            }
        }
    }
}
