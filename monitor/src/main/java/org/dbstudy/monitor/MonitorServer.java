package org.dbstudy.monitor;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import oshi.SystemInfo;

/**
 * {@code dbstudy monitor}: the host and server process half of the monitor, on the database server's
 * host, for a runner on another machine ({@link RemoteProbe}). It measures only when asked: each
 * runner's monitor opens a session, asks for one sample per interval and ends the session with its
 * cell, so a sample's increases are over that runner's own interval and the monitor costs nothing
 * between studies. Plain HTTP, one request at a time:
 * <ul>
 * <li>{@code POST /sessions?server-port=N} → 201, body: the session's path, then one line per figure
 * it cannot read here (no process listens on port N; not Linux);</li>
 * <li>{@code POST /sessions/ID/sample}, body: the process ids the database lists (comma-separated,
 * may be empty) → 200, body: the monitor's CSV rows ({@link MonitorCsv}) stamped with this host's
 * clock (the runner restamps them);</li>
 * <li>{@code DELETE /sessions/ID} → 204. A session not asked for {@link #IDLE_MILLIS} ends by itself.</li>
 * <li>{@code GET /} → 200, one line that says what this is.</li>
 * </ul>
 * It reads the host's figures only, takes no credentials and changes nothing.
 */
public final class MonitorServer implements AutoCloseable {
    static final String SESSIONS = "/sessions";
    static final String SAMPLE = "sample";
    static final String SERVER_PORT = "server-port";
    /** A runner that died mid-cell leaves its session behind this long at most. */
    static final long IDLE_MILLIS = 300_000;

    private final HttpServer http;
    private final ExecutorService executor;
    private final SystemInfo system = new SystemInfo();
    /** Touched by the one request thread only. */
    private final Map<String, Session> sessions = new LinkedHashMap<>();
    private long nextId = 1;

    private MonitorServer(HttpServer http, ExecutorService executor) {
        this.http = http;
        this.executor = executor;
    }

    /** Listens on {@code address} (port 0: any free port) until {@link #close}. */
    public static MonitorServer start(InetSocketAddress address) throws IOException {
        HttpServer http = HttpServer.create(address, 16);
        ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "dbstudy-monitor-server");
            t.setDaemon(true);
            return t;
        });
        MonitorServer server = new MonitorServer(http, executor);
        // OSHI's first reads load and link a good deal: done now, a runner's first session opens in time.
        new HostProbe(server.system.getHardware()).sample(0);
        Monitor.serverPid(server.system.getOperatingSystem(), address.getPort(), null);
        http.createContext("/", server::handle);
        http.setExecutor(executor);
        http.start();
        return server;
    }

    /** Where it listens (the port chosen when 0 was asked for). */
    public InetSocketAddress address() {
        return http.getAddress();
    }

    /** Sessions open now. */
    public int sessions() {
        return executorCall(sessions::size);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try {
            endIdleSessions();
            route(exchange);
        } catch (IOException | RuntimeException e) {
            // A bad request or a probe that fails must not end the monitor: the runner names the problem.
            reply(exchange, e instanceof IOException ? 500 : 400, e.getMessage() + "\n");
        } finally {
            exchange.close();
        }
    }

    private void route(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String method = exchange.getRequestMethod();
        String[] parts = Arrays.stream(path.split("/")).filter(p -> !p.isEmpty()).toArray(String[]::new);
        boolean session = parts.length >= 2 && ("/" + parts[0]).equals(SESSIONS) && sessions.containsKey(parts[1]);
        if (path.equals("/") && method.equals("GET")) {
            reply(exchange, 200, "dbstudy monitor: host and database server process figures on request; "
                    + sessions.size() + " session(s) open\n");
        } else if (path.equals(SESSIONS) && method.equals("POST")) {
            open(exchange);
        } else if (session && parts.length == 3 && parts[2].equals(SAMPLE) && method.equals("POST")) {
            Session s = sessions.get(parts[1]);
            s.listed = pids(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.US_ASCII));
            reply(exchange, 200, s.sample());
        } else if (session && parts.length == 2 && method.equals("DELETE")) {
            sessions.remove(parts[1]);
            exchange.sendResponseHeaders(204, -1);
        } else {
            reply(exchange, 404, method + " " + path + ": not here; a runner asks POST " + SESSIONS + "?"
                    + SERVER_PORT + "=N, POST " + SESSIONS + "/ID/" + SAMPLE + ", DELETE " + SESSIONS + "/ID\n");
        }
    }

    private void open(HttpExchange exchange) throws IOException {
        String query = exchange.getRequestURI().getQuery();
        int port;
        try {
            port = Integer.parseInt(query == null || !query.startsWith(SERVER_PORT + "=") ? ""
                    : query.substring(SERVER_PORT.length() + 1));
        } catch (NumberFormatException e) {
            reply(exchange, 400, "give the database server's port: POST " + SESSIONS + "?" + SERVER_PORT + "=N\n");
            return;
        }
        List<String> problems = new ArrayList<>();
        Session session = new Session();
        session.probes.add(new HostProbe(system.getHardware()));
        Monitor.processProbe(Monitor.serverPid(system.getOperatingSystem(), port, null), port, () -> session.listed,
                problems).ifPresent(session.probes::add);
        String id = Long.toString(nextId++);
        sessions.put(id, session);
        StringBuilder body = new StringBuilder(SESSIONS + "/" + id + "\n");
        problems.forEach(p -> body.append(p).append('\n'));
        reply(exchange, 201, body.toString());
    }

    private void endIdleSessions() {
        long now = System.currentTimeMillis();
        sessions.values().removeIf(s -> now - s.lastAsked > IDLE_MILLIS);
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

    private static void reply(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** Runs on the request thread, where the sessions live. */
    private <T> T executorCall(Supplier<T> call) {
        try {
            return executor.submit(call::get).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("the monitor's request thread did not answer", e);
        }
    }

    /** Stops listening; the sessions end with it. */
    @Override
    public void close() {
        http.stop(0);
        executor.shutdown();
    }

    /**
     * One runner's probes, with the increases between its own requests. Host and process probes hold
     * nothing to close (no connection, no file): a session ends by being dropped.
     */
    private static final class Session {
        final List<Probe> probes = new ArrayList<>();
        volatile List<Integer> listed = List.of();
        long lastAsked = System.currentTimeMillis();

        String sample() throws IOException {
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
