package org.dbstudy.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.vocabulary.MonitorAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A runner's monitor reading the host and the server's processes from a {@code dbstudy monitor}
 * ({@link MonitorServer}) on loopback: the file has the same shape as with local monitoring.
 */
class RemoteMonitorTest {
    private static final long INTERVAL = 250;

    @TempDir
    Path dir;

    @Test
    void aRemoteMonitorGivesTheSameFiguresAsLocalMonitoring() throws Exception {
        DatabaseEndpoint pg = TestDatabases.postgres();
        Path local = dir.resolve("local.csv");
        Path remote = dir.resolve("remote.csv");
        MonitorToken token = MonitorToken.generate();
        try (MonitorServer server = MonitorServer.start(new InetSocketAddress("127.0.0.1", 0), token)) {
            MonitorAddress address = new MonitorAddress("127.0.0.1", server.address().getPort());
            try (Monitor l = Monitor.start(new Monitor.Config(pg.url(), pg.user(), pg.password(), local, INTERVAL));
                 Monitor r = Monitor.start(new Monitor.Config(pg.url(), pg.user(), pg.password(), remote, INTERVAL, address, token))) {
                assertEquals(1, server.sessions(), "the runner's monitor opened a session");
                try (Connection c = pg.connect(); Statement s = c.createStatement()) {
                    // CPU in a backend the remote monitor learns of from the process ids PostgreSQL lists.
                    s.execute("SELECT count(*) FROM generate_series(1, 5000000)");
                }
                long afterQuery = System.currentTimeMillis();
                MonitorSamples.awaitAfter(local, afterQuery, 2);
                MonitorSamples.awaitAfter(remote, afterQuery, 2);
                assertEquals(List.of(), l.problems());
                assertEquals(List.of(), r.problems());
            }
            assertEquals(0, server.sessions(), "closing the monitor ended its session");
        }
        assertEquals(metrics(local), metrics(remote), "the same sources and metrics");
        Map<String, Double> sums = sums(remote);
        assertTrue(sums.get("server/cpu_pct") > 0, "the server's CPU was read on its host: " + sums);
        assertTrue(sums.get("host/mem_total_bytes") > 0, sums.toString());
        assertTrue(sums.get("database/commits") > 0, "the counters still come over SQL: " + sums);
        long now = System.currentTimeMillis();
        for (String line : Files.readAllLines(remote).subList(1, Files.readAllLines(remote).size())) {
            long t = Long.parseLong(line.substring(0, line.indexOf(',')));
            assertTrue(t > now - 60_000 && t <= now, "stamped with the runner's clock: " + line);
        }
    }

    @Test
    void aMonitorThatCannotBeReachedIsNamedAndTheCountersStillRun() throws Exception {
        DatabaseEndpoint pg = TestDatabases.postgres();
        int freePort;
        MonitorToken token = MonitorToken.generate();
        try (MonitorServer closed = MonitorServer.start(new InetSocketAddress("127.0.0.1", 0), token)) {
            freePort = closed.address().getPort();
        }
        Path file = dir.resolve("m.csv");
        List<String> problems;
        try (Monitor m = Monitor.start(new Monitor.Config(pg.url(), pg.user(), pg.password(), file, INTERVAL,
                new MonitorAddress("127.0.0.1", freePort), token))) {
            MonitorSamples.awaitAfter(file, System.currentTimeMillis(), 1);
            problems = m.problems();
        }
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("cannot reach the monitor at 127.0.0.1:" + freePort), problems.get(0));
        assertTrue(problems.get(0).contains(RemoteProbe.ATTEMPTS + " tries"), "tried again: " + problems.get(0));
        assertTrue(problems.get(1).startsWith("host figures missing in "), "the gap is named: " + problems.get(1));
        assertTrue(metrics(file).contains("database/commits"), "counters without the host: " + metrics(file));
        assertEquals(Set.of("host/missing"), metrics(file).stream().filter(m -> m.startsWith("host/")).collect(
                java.util.stream.Collectors.toSet()), "every second marked, no host figure: " + metrics(file));
    }

    @Test
    void badRequestsGetAnAnswerAndTheMonitorGoesOn() throws Exception {
        MonitorToken token = MonitorToken.generate();
        try (MonitorServer server = MonitorServer.start(new InetSocketAddress("127.0.0.1", 0), token)) {
            HttpClient http = HttpClient.newHttpClient();
            String base = "http://127.0.0.1:" + server.address().getPort();
            assertEquals(400, post(http, token, base + MonitorServer.SESSIONS + "?server-port=x").statusCode());
            assertEquals(404, post(http, token, base + MonitorServer.SESSIONS + "/99/sample").statusCode());
            HttpResponse<String> opened = post(http, token, base + MonitorServer.SESSIONS + "?server-port=1");
            assertEquals(201, opened.statusCode());
            assertTrue(opened.body().contains("no process listens on port 1") || opened.body().contains("Linux only"),
                    "what it cannot read is said: " + opened.body());
            String session = opened.body().lines().findFirst().orElseThrow();
            HttpResponse<String> bad = http.send(HttpRequest.newBuilder(URI.create(base + session + "/sample"))
                    .header("Authorization", token.authorization()).POST(HttpRequest.BodyPublishers.ofString("12,x")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(400, bad.statusCode(), bad.body());
            HttpResponse<String> sample = post(http, token, base + session + "/sample");
            assertEquals(200, sample.statusCode());
            assertEquals(MonitorCsv.HEADER, sample.body().lines().findFirst().orElseThrow());
            assertTrue(sample.body().contains(",host,cpu_idle_pct,"), sample.body());
            HttpResponse<String> index = http.send(HttpRequest.newBuilder(URI.create(base + "/"))
                    .header("Authorization", token.authorization()).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertTrue(index.body().startsWith("dbstudy monitor"), index.body());
        }
    }

    private static HttpResponse<String> post(HttpClient http, MonitorToken token, String uri) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(uri)).header("Authorization", token.authorization()).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static Set<String> metrics(Path file) throws Exception {
        Set<String> out = new TreeSet<>();
        for (String line : Files.readAllLines(file).subList(1, Files.readAllLines(file).size())) {
            String[] f = line.split(",");
            out.add(f[1] + "/" + f[2]);
        }
        return out;
    }

    private static Map<String, Double> sums(Path file) throws Exception {
        Map<String, Double> out = new TreeMap<>();
        for (String line : Files.readAllLines(file).subList(1, Files.readAllLines(file).size())) {
            String[] f = line.split(",");
            out.merge(f[1] + "/" + f[2], Double.parseDouble(f[3]), Double::sum);
        }
        return out;
    }
}
