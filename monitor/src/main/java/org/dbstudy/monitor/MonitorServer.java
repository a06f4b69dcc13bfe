package org.dbstudy.monitor;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import oshi.SystemInfo;

/**
 * {@code dbstudy monitor}: the host and server process half of the monitor, on the database server's
 * host, for a runner on another machine ({@link RemoteProbe}). It measures only when asked: each
 * runner's monitor opens a session, asks for one sample per interval and ends the session with its
 * cell, so a sample's increases are over that runner's own interval and the monitor costs nothing
 * between studies. Plain HTTP ({@link RequestServer}): several runners at once, connections read
 * without a thread each, a request that does not arrive whole within {@link #READ_MILLIS} answered 408
 * and closed. Every request must carry the monitor's {@link MonitorToken} ({@code Authorization: Bearer
 * TOKEN}); one without it is answered 401 before any work. Opening a session reuses what was found at
 * the start (the host's disks and interfaces, the process listening on each port), so it costs
 * microseconds to a millisecond, not the 100 ms that finding them again takes:
 * <ul>
 * <li>{@code POST /sessions?server-port=N} → 201, body: the session's path, then one line per figure
 * it cannot read here (no process listens on port N; not Linux);</li>
 * <li>{@code POST /sessions/ID/sample}, body: the process ids the database lists (comma-separated,
 * may be empty) → 200, body: the monitor's CSV rows ({@link MonitorCsv}) stamped with this host's
 * clock (the runner restamps them);</li>
 * <li>{@code DELETE /sessions/ID} → 204. A session not asked for {@link #IDLE_MILLIS} ends by itself.</li>
 * <li>{@code GET /} → 200, one line that says what this is.</li>
 * </ul>
 * It reads the host's figures only and changes nothing.
 */
public final class MonitorServer implements AutoCloseable {
    static final String SESSIONS = "/sessions";
    static final String SAMPLE = "sample";
    static final String SERVER_PORT = "server-port";
    /** A runner that died mid-cell leaves its session behind this long at most. */
    static final long IDLE_MILLIS = 300_000;
    /** Time a request has to arrive whole; a runner's requests are a few hundred bytes. */
    static final long READ_MILLIS = 5_000;

    private final HostProbe.Devices devices;
    private final ListeningProcesses listening;
    /** Runners' sessions, asked from several request threads. */
    private final Map<String, Session> sessions = new ConcurrentHashMap<>();
    private final AtomicLong nextId = new AtomicLong(1);
    private final AtomicLong lastSweep = new AtomicLong(System.currentTimeMillis());
    private RequestServer http;

    private MonitorServer(SystemInfo system) {
        this.devices = new HostProbe.Devices(system.getHardware());
        this.listening = new ListeningProcesses(system.getOperatingSystem());
    }

    /** Listens on {@code address} (port 0: any free port) for requests with {@code token} until {@link #close}. */
    public static MonitorServer start(InetSocketAddress address, MonitorToken token) throws IOException {
        return start(address, READ_MILLIS, token);
    }

    /** As {@link #start(InetSocketAddress, MonitorToken)}, with the time a request has to arrive whole. */
    static MonitorServer start(InetSocketAddress address, long readMillis, MonitorToken token) throws IOException {
        // The costly reads once, now: the host's disks and interfaces, every process's sockets, and
        // OSHI's first reads that load and link a good deal.
        MonitorServer server = new MonitorServer(new SystemInfo());
        new HostProbe(server.devices).sample(0);
        server.http = RequestServer.start(address, readMillis, token, server::handle);
        return server;
    }

    /** Where it listens (the port chosen when 0 was asked for). */
    public InetSocketAddress address() {
        return http.address();
    }

    /** Sessions open now. */
    public int sessions() {
        return sessions.size();
    }

    /** Connections open now, answered or not. */
    int connections() {
        return http.connections();
    }

    private RequestServer.Response handle(RequestServer.Request request) {
        try {
            endIdleSessions();
            return route(request);
        } catch (IOException | RuntimeException e) {
            // A bad request or a probe that fails must not end the monitor: the runner names the problem.
            return new RequestServer.Response(e instanceof IOException ? 500 : 400, e.getMessage() + "\n");
        }
    }

    private RequestServer.Response route(RequestServer.Request request) throws IOException {
        String path = request.path();
        String method = request.method();
        String[] parts = Arrays.stream(path.split("/")).filter(p -> !p.isEmpty()).toArray(String[]::new);
        Session session = parts.length >= 2 && ("/" + parts[0]).equals(SESSIONS) ? sessions.get(parts[1]) : null;
        if (path.equals("/") && method.equals("GET")) {
            return new RequestServer.Response(200, "dbstudy monitor: host and database server process figures on request; "
                    + sessions.size() + " session(s) open\n");
        } else if (path.equals(SESSIONS) && method.equals("POST")) {
            return open(request.query());
        } else if (session != null && parts.length == 3 && parts[2].equals(SAMPLE) && method.equals("POST")) {
            return new RequestServer.Response(200, session.sample(pids(new String(request.body(), StandardCharsets.US_ASCII))));
        } else if (session != null && parts.length == 2 && method.equals("DELETE")) {
            sessions.remove(parts[1]);
            return new RequestServer.Response(204, "");
        }
        return new RequestServer.Response(404, method + " " + path + ": not here; a runner asks POST " + SESSIONS + "?"
                + SERVER_PORT + "=N, POST " + SESSIONS + "/ID/" + SAMPLE + ", DELETE " + SESSIONS + "/ID\n");
    }

    private RequestServer.Response open(String query) {
        int port;
        try {
            port = Integer.parseInt(query == null || !query.startsWith(SERVER_PORT + "=") ? ""
                    : query.substring(SERVER_PORT.length() + 1));
        } catch (NumberFormatException e) {
            return new RequestServer.Response(400, "give the database server's port: POST " + SESSIONS + "?" + SERVER_PORT + "=N\n");
        }
        List<String> problems = new ArrayList<>();
        Session session = new Session();
        session.probes.add(new HostProbe(devices));
        Monitor.processProbe(listening.pidOf(port), port, () -> session.listed, problems).ifPresent(session.probes::add);
        String id = Long.toString(nextId.getAndIncrement());
        sessions.put(id, session);
        StringBuilder body = new StringBuilder(SESSIONS + "/" + id + "\n");
        problems.forEach(p -> body.append(p).append('\n'));
        return new RequestServer.Response(201, body.toString());
    }

    /** Drops sessions idle for {@link #IDLE_MILLIS}, looking through them at most once a minute. */
    private void endIdleSessions() {
        long now = System.currentTimeMillis();
        long last = lastSweep.get();
        if (now - last >= 60_000 && lastSweep.compareAndSet(last, now)) {
            sessions.values().removeIf(s -> now - s.lastAsked > IDLE_MILLIS);
        }
    }

    private static List<Integer> pids(String body) {
        List<Integer> out = new ArrayList<>();
        for (String p : body.split(",")) {
            if (!p.isBlank()) {
                out.add(Integer.parseInt(p.trim()));
            }
        }
        return List.copyOf(out);
    }

    /** Stops listening; the sessions end with it. */
    @Override
    public void close() {
        http.close();
        sessions.clear();
    }

    /**
     * One runner's probes, with the increases between its own requests. Host and process probes hold
     * nothing to close (no connection, no file): a session ends by being dropped.
     */
    private static final class Session {
        final List<Probe> probes = new ArrayList<>();
        volatile List<Integer> listed = List.of();
        volatile long lastAsked = System.currentTimeMillis();

        /** One sample at a time per session: its probes keep the previous reading for the increases. */
        synchronized String sample(List<Integer> listedNow) throws IOException {
            listed = listedNow;
            long now = System.currentTimeMillis();
            lastAsked = now;
            StringBuilder out = new StringBuilder(MonitorCsv.HEADER).append('\n');
            for (Probe p : probes) {
                try {
                    for (Reading r : p.sample(now)) {
                        out.append(MonitorCsv.row(r)).append('\n');
                    }
                } catch (Exception e) {
                    throw new IOException(p.getClass().getSimpleName() + ": " + e.getMessage(), e);
                }
            }
            return out.toString();
        }
    }
}
