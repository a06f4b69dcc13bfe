package org.dbstudy.monitor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.dbstudy.vocabulary.MonitorAddress;

/**
 * The host and server process figures of a database server on another machine, asked every interval
 * from the {@link MonitorServer} running there ({@code dbstudy monitor}), with the monitor's token. It
 * opens a session of its own (so the monitor's increases are between this probe's own samples), sends
 * the process ids PostgreSQL lists (they are process ids on that host) and stamps what comes back with
 * this machine's clock, the clock the JTL's rows carry.
 *
 * <p>A request that fails (no connection, a timeout, a 5xx such as 503 busy) is tried
 * {@link #ATTEMPTS} times in all, waiting {@link #BACKOFF_MILLIS} ms and then twice as long between
 * tries. A session that could not be opened is opened at a later interval, and one the monitor no
 * longer knows (it restarted) is opened again; every interval without figures is marked in the file
 * ({@link Reading#hostMissing}). A refused token (401) is not tried again.
 */
final class RemoteProbe implements Probe {
    /** Tries per request, the first included. */
    static final int ATTEMPTS = 3;
    /** Wait before the second try; each next waits twice as long. */
    static final long BACKOFF_MILLIS = 100;

    private final HttpClient http;
    private final MonitorAddress address;
    private final MonitorToken token;
    private final int serverPort;
    private final Supplier<List<Integer>> listedByServer;
    private final Duration timeout;
    /** The session's URI, null while none is open. Only the monitor's thread uses it. */
    private URI session;
    /** Why the monitor will not serve this runner (a refused token); null while it might. */
    private String refused;

    private RemoteProbe(MonitorAddress address, MonitorToken token, int serverPort, Supplier<List<Integer>> listedByServer,
                        Duration timeout) {
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
        this.address = address;
        this.token = token;
        this.serverPort = serverPort;
        this.listedByServer = listedByServer;
        this.timeout = timeout;
    }

    /**
     * A probe of the monitor at {@code address} for the server listening on {@code serverPort} there,
     * its session opened now when the monitor answers. What that monitor cannot read, or why no session
     * is open yet, is added to {@code problems}; the probe tries again at its first sample.
     */
    static RemoteProbe open(MonitorAddress address, MonitorToken token, int serverPort,
                            Supplier<List<Integer>> listedByServer, long intervalMillis, List<String> problems) {
        // 5 s at least: on a loaded host a sample can take seconds, and a late sample beats a lost one.
        RemoteProbe probe = new RemoteProbe(address, token, serverPort, listedByServer,
                Duration.ofMillis(Math.max(5000, intervalMillis)));
        try {
            problems.addAll(probe.openSession());
        } catch (Unreadable e) {
            problems.add(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problems.add("no host or server process figures: interrupted while opening the monitor at " + address);
        }
        return probe;
    }

    /** Opens a session; returns what the monitor says it cannot read there. */
    private List<String> openSession() throws Unreadable, InterruptedException {
        if (refused != null) {
            throw new Unreadable(refused);
        }
        URI sessions = URI.create(address.httpBase()).resolve(MonitorServer.SESSIONS + "?" + MonitorServer.SERVER_PORT
                + "=" + serverPort);
        HttpResponse<String> r = send(HttpRequest.newBuilder(sessions).POST(HttpRequest.BodyPublishers.noBody()));
        if (r.statusCode() != 201) {
            throw new Unreadable(answered(r));
        }
        List<String> lines = r.body().lines().toList();
        session = URI.create(address.httpBase()).resolve(lines.get(0).trim());
        List<String> cannot = new ArrayList<>();
        lines.stream().skip(1).filter(l -> !l.isBlank()).forEach(l -> cannot.add("monitor at " + address + ": " + l));
        return cannot;
    }

    @Override
    public List<Reading> sample(long now) throws IOException, InterruptedException {
        if (session == null) {
            openSession();
            return missing(now); // the session's baseline: its figures start with the next interval
        }
        String pids = listedByServer.get().stream().map(String::valueOf).collect(Collectors.joining(","));
        HttpResponse<String> r = send(HttpRequest.newBuilder(session.resolve(session.getPath() + "/" + MonitorServer.SAMPLE))
                .POST(HttpRequest.BodyPublishers.ofString(pids)));
        if (r.statusCode() == 404) {
            session = null;
            throw new Unreadable("no host or server process figures for a while: the monitor at " + address
                    + " no longer knew this runner's session (it restarted?); a new one is opened");
        }
        if (r.statusCode() != 200) {
            throw new Unreadable(answered(r));
        }
        List<Reading> out = new ArrayList<>();
        for (String line : r.body().lines().skip(1).toList()) {
            Reading remote = MonitorCsv.parse(line);
            out.add(new Reading(now, remote.source(), remote.metric(), remote.value(), remote.unit()));
        }
        return out;
    }

    @Override
    public List<Reading> missing(long now) {
        return List.of(Reading.hostMissing(now));
    }

    /**
     * The monitor's answer, tried again after a failed connection, a timeout or a 5xx (503: busy),
     * {@link #ATTEMPTS} times in all with a growing wait between tries.
     */
    private HttpResponse<String> send(HttpRequest.Builder request) throws Unreadable, InterruptedException {
        HttpRequest r = request.timeout(timeout).header("Authorization", token.authorization()).build();
        HttpResponse<String> last = null;
        IOException failed = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            if (attempt > 1) {
                Thread.sleep(BACKOFF_MILLIS << (attempt - 2));
            }
            try {
                last = http.send(r, HttpResponse.BodyHandlers.ofString());
                failed = null;
                if (last.statusCode() < 500) {
                    break;
                }
            } catch (IOException e) {
                failed = e;
            }
        }
        if (failed != null) {
            throw new Unreadable("no host or server process figures: cannot reach the monitor at " + address + " ("
                    + failed.getClass().getSimpleName() + (failed.getMessage() == null ? "" : ": " + failed.getMessage())
                    + ", " + ATTEMPTS + " tries); is 'dbstudy monitor' running there?");
        }
        if (last.statusCode() == 401) {
            refused = "no host or server process figures: the monitor at " + address + " refused this runner's token"
                    + " (401): give the runner the token that monitor uses (its ~/.dbstudy/" + MonitorToken.FILE_NAME
                    + ") with --monitor-token-file or --monitor-token-env";
            throw new Unreadable(refused);
        }
        return last;
    }

    private String answered(HttpResponse<String> r) {
        return "no host or server process figures: the monitor at " + address + " answered " + r.statusCode() + ": "
                + r.body().trim() + (r.statusCode() >= 500 ? " (" + ATTEMPTS + " tries)" : "");
    }

    /** Ends the session on the remote monitor (it also ends sessions left idle). */
    @Override
    public void close() {
        if (session == null) {
            return;
        }
        try {
            http.send(HttpRequest.newBuilder(session).timeout(timeout).header("Authorization", token.authorization())
                    .DELETE().build(), HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            throw new UncheckedIOException("ending the session " + session, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
