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
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.dbstudy.vocabulary.MonitorAddress;

/**
 * The host and server process figures of a database server on another machine, asked every interval
 * from the {@link MonitorServer} running there ({@code dbstudy monitor}). It opens a session of its own
 * (so the monitor's increases are between this probe's own samples), sends the process ids PostgreSQL
 * lists (they are process ids on that host) and stamps what comes back with this machine's clock, the
 * clock the JTL's rows carry.
 */
final class RemoteProbe implements Probe {
    private final HttpClient http;
    private final URI session;
    private final Supplier<List<Integer>> listedByServer;
    private final Duration timeout;

    private RemoteProbe(HttpClient http, URI session, Supplier<List<Integer>> listedByServer, Duration timeout) {
        this.http = http;
        this.session = session;
        this.listedByServer = listedByServer;
        this.timeout = timeout;
    }

    /**
     * Opens a session on the monitor at {@code address} for the server listening on {@code serverPort}
     * there. What that monitor cannot read is added to {@code problems}; when it cannot be reached,
     * nothing is returned and the reason is added.
     */
    static Optional<Probe> open(MonitorAddress address, int serverPort, Supplier<List<Integer>> listedByServer,
                                long intervalMillis, List<String> problems) {
        // 5 s at least: on a loaded host a sample can take seconds, and a late sample beats a lost one.
        Duration timeout = Duration.ofMillis(Math.max(5000, intervalMillis));
        HttpClient http = HttpClient.newBuilder().connectTimeout(timeout).build();
        // A session reads the host's disks and interfaces first: more than a sample takes.
        Duration opening = timeout.multipliedBy(5);
        URI sessions = URI.create(address.httpBase()).resolve(MonitorServer.SESSIONS + "?" + MonitorServer.SERVER_PORT
                + "=" + serverPort);
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(sessions).timeout(opening)
                    .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 201) {
                problems.add("no host or server process figures: the monitor at " + address + " answered "
                        + r.statusCode() + ": " + r.body().trim());
                return Optional.empty();
            }
            List<String> lines = r.body().lines().toList();
            URI session = URI.create(address.httpBase()).resolve(lines.get(0).trim());
            lines.stream().skip(1).filter(l -> !l.isBlank()).forEach(l -> problems.add("monitor at " + address + ": " + l));
            return Optional.of(new RemoteProbe(http, session, listedByServer, timeout));
        } catch (IOException e) {
            problems.add("no host or server process figures: cannot reach the monitor at " + address + " ("
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage())
                    + "); is 'dbstudy monitor' running there?");
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problems.add("no host or server process figures: interrupted while opening the monitor at " + address);
            return Optional.empty();
        }
    }

    @Override
    public List<Reading> sample(long now) throws IOException, InterruptedException {
        String pids = listedByServer.get().stream().map(String::valueOf).collect(Collectors.joining(","));
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(session.resolve(session.getPath() + "/"
                + MonitorServer.SAMPLE)).timeout(timeout).POST(HttpRequest.BodyPublishers.ofString(pids)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IOException("the remote monitor answered " + r.statusCode() + ": " + r.body().trim());
        }
        List<Reading> out = new ArrayList<>();
        for (String line : r.body().lines().skip(1).toList()) {
            Reading remote = MonitorCsv.parse(line);
            out.add(new Reading(now, remote.source(), remote.metric(), remote.value(), remote.unit()));
        }
        return out;
    }

    /** Ends the session on the remote monitor (it also ends sessions left idle). */
    @Override
    public void close() {
        try {
            http.send(HttpRequest.newBuilder(session).timeout(timeout).DELETE().build(), HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            throw new UncheckedIOException("ending the session " + session, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
