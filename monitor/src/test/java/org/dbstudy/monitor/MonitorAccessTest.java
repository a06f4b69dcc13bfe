package org.dbstudy.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import org.dbstudy.databases.OtherLocalUser;
import org.dbstudy.vocabulary.MonitorAddress;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dbstudy monitor} serves only the runner that shows its token, cheaply refuses everyone else,
 * keeps serving it while another local user holds connections open, and the runner tries a failed
 * request again and marks the seconds it still lacks.
 */
class MonitorAccessTest {
    private static final long WAIT_LIMIT_MS = 60_000;
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();

    @TempDir
    Path dir;

    @Test
    void withoutTheTokenEveryRequestIs401AndOpensNothing() throws Exception {
        MonitorToken token = MonitorToken.generate();
        try (MonitorServer server = MonitorServer.start(new InetSocketAddress("127.0.0.1", 0), token)) {
            String base = "http://127.0.0.1:" + server.address().getPort();
            String sessions = base + MonitorServer.SESSIONS + "?" + MonitorServer.SERVER_PORT + "=1";
            HttpResponse<String> none = send(HttpRequest.newBuilder(URI.create(sessions)).POST(HttpRequest.BodyPublishers.noBody()));
            assertEquals(401, none.statusCode(), none.body());
            assertTrue(none.body().contains("lacks the runner's token"), none.body());
            HttpResponse<String> wrong = send(HttpRequest.newBuilder(URI.create(sessions))
                    .header("Authorization", MonitorToken.generate().authorization()).POST(HttpRequest.BodyPublishers.noBody()));
            assertEquals(401, wrong.statusCode(), wrong.body());
            HttpResponse<String> notBearer = send(HttpRequest.newBuilder(URI.create(sessions))
                    .header("Authorization", token.authorization().substring("Bearer ".length()))
                    .POST(HttpRequest.BodyPublishers.noBody()));
            assertEquals(401, notBearer.statusCode(), notBearer.body());
            assertEquals(401, send(HttpRequest.newBuilder(URI.create(base + "/"))).statusCode());
            assertEquals(0, server.sessions(), "no session opened without the token");
            HttpResponse<String> right = send(HttpRequest.newBuilder(URI.create(sessions))
                    .header("Authorization", token.authorization()).POST(HttpRequest.BodyPublishers.noBody()));
            assertEquals(201, right.statusCode(), right.body());
            assertEquals(1, server.sessions());
        }
    }

    @Test
    void slowConnectionsOfAnotherUserDoNotKeepTheRunnerOut() throws Exception {
        OtherLocalUser.assumeAvailable();
        MonitorToken token = MonitorToken.generate();
        CompletableFuture<OtherLocalUser.Result> attack;
        try (MonitorServer server = MonitorServer.start(new InetSocketAddress("127.0.0.1", 0), token)) {
            int port = server.address().getPort();
            // 100 connections that send nothing, each opened again as soon as the monitor closes it;
            // they all end when the monitor stops listening.
            String script = ("for i in $(seq 100); do ( while exec 3<>/dev/tcp/127.0.0.1/%d; do cat <&3 >/dev/null;"
                    + " exec 3<&-; done ) 2>/dev/null & done; wait").formatted(port);
            attack = CompletableFuture.supplyAsync(() -> OtherLocalUser.run(Duration.ofMinutes(5), "/bin/bash", "-c", script));
            awaitAtLeast(100, server::connections, "nobody's idle connections");
            List<String> problems = new ArrayList<>();
            long started = System.nanoTime();
            RemoteProbe probe = RemoteProbe.open(new MonitorAddress("127.0.0.1", port), token, 1, List::of, 1000, problems);
            List<Reading> first = probe.sample(System.currentTimeMillis());
            probe.close();
            double seconds = (System.nanoTime() - started) / 1e9;
            assertTrue(problems.stream().allMatch(p -> p.startsWith("monitor at ")), "only what port 1 lacks: " + problems);
            assertTrue(first.stream().anyMatch(r -> r.metric().equals("cpu_idle_pct")), first.toString());
            assertFalse(first.stream().anyMatch(Reading::marksHostMissing), first.toString());
            assertEquals(0, server.sessions(), "the session was ended");
            // Each idle connection is answered 408 after 5 s and opened again at once: still under way.
            assertFalse(attack.isDone(), "nobody's connections were held throughout");
            assertTrue(seconds < RemoteProbe.ATTEMPTS * 5, String.format(Locale.ROOT, "%.1f s", seconds));
        }
        OtherLocalUser.Result ended = attack.join();
        assertTrue(ended.status() != 124, "the connections ended with the monitor: " + ended.output());
    }

    @Test
    void aRequestAnswered503IsTriedAgain() throws Exception {
        MonitorToken token = MonitorToken.generate();
        try (MonitorServer server = MonitorServer.start(new InetSocketAddress("127.0.0.1", 0), token);
             FlakyFront front = new FlakyFront(server.address(), 1)) {
            List<String> problems = new ArrayList<>();
            RemoteProbe probe = RemoteProbe.open(front.address(), token, 1, List::of, 1000, problems);
            assertEquals(2, front.connections.get(), "the 503, then the try that opened the session");
            assertTrue(problems.stream().allMatch(p -> p.startsWith("monitor at ")), problems.toString());
            assertEquals(1, server.sessions());
            assertTrue(probe.sample(System.currentTimeMillis()).stream().anyMatch(r -> r.metric().equals("cpu_idle_pct")));
            probe.close();
        }
    }

    @Test
    void aMonitorThatStaysBusyIsTriedABoundedNumberOfTimesAndTheSecondMarked() throws Exception {
        MonitorToken token = MonitorToken.generate();
        try (MonitorServer server = MonitorServer.start(new InetSocketAddress("127.0.0.1", 0), token);
             FlakyFront front = new FlakyFront(server.address(), Integer.MAX_VALUE)) {
            List<String> problems = new ArrayList<>();
            RemoteProbe probe = RemoteProbe.open(front.address(), token, 1, List::of, 1000, problems);
            assertEquals(RemoteProbe.ATTEMPTS, front.connections.get());
            assertEquals(1, problems.size(), problems.toString());
            assertTrue(problems.get(0).contains("answered 503") && problems.get(0).contains(RemoteProbe.ATTEMPTS + " tries"),
                    problems.get(0));
            assertThrows(Probe.Unreadable.class, () -> probe.sample(System.currentTimeMillis()));
            assertEquals(2 * RemoteProbe.ATTEMPTS, front.connections.get(), "the sample tried to open a session again");
            assertTrue(probe.missing(1).get(0).marksHostMissing());
        }
    }

    @Test
    void secondsWithoutHostFiguresAreMarkedInTheFileAndNamed() throws Exception {
        MonitorToken token = MonitorToken.generate();
        Path file = dir.resolve("gap.csv");
        MonitorServer server = MonitorServer.start(new InetSocketAddress("127.0.0.1", 0), token);
        List<String> problems;
        // No database here: the counters are left out (named), the host figures are what this is about.
        try (Monitor monitor = Monitor.start(new Monitor.Config("jdbc:postgresql://127.0.0.1:1/none", "none", "", file, 250,
                new MonitorAddress("127.0.0.1", server.address().getPort()), token))) {
            awaitAtLeast(2, () -> lines(file, ",host,cpu_idle_pct,"), "samples with host figures");
            server.close();
            awaitAtLeast(2, () -> lines(file, ",host,missing,1,count"), "seconds marked missing");
            problems = monitor.problems();
        } finally {
            server.close();
        }
        String gap = problems.get(problems.size() - 1);
        assertTrue(gap.matches("host figures missing in \\d+ of \\d+ samples .*"), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("cannot reach the monitor at")), problems.toString());
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Waits (polling, bounded) until {@code count} reaches {@code wanted}. */
    private static void awaitAtLeast(int wanted, IntSupplier count, String what) throws InterruptedException {
        long deadline = System.currentTimeMillis() + WAIT_LIMIT_MS;
        while (count.getAsInt() < wanted) {
            assertTrue(System.currentTimeMillis() < deadline, what + ": " + count.getAsInt() + " of " + wanted);
            Thread.sleep(50); // polling; the outcome does not depend on this pause
        }
    }

    private static int lines(Path file, String containing) {
        try {
            return (int) Files.readAllLines(file).stream().filter(l -> l.contains(containing)).count();
        } catch (IOException e) {
            return 0;
        }
    }

    /** Before a monitor: answers the first {@code failures} connections 503 and passes the others on to it. */
    private static final class FlakyFront implements AutoCloseable {
        final AtomicInteger connections = new AtomicInteger();
        private final ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final Thread thread;

        FlakyFront(InetSocketAddress monitor, int failures) throws IOException {
            thread = new Thread(() -> {
                while (!listener.isClosed()) {
                    try (Socket c = listener.accept()) {
                        byte[] request = request(c.getInputStream());
                        byte[] answer;
                        if (connections.incrementAndGet() <= failures) {
                            answer = "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 5\r\n\r\nbusy\n"
                                    .getBytes(StandardCharsets.US_ASCII);
                        } else {
                            try (Socket m = new Socket(monitor.getAddress(), monitor.getPort())) {
                                m.getOutputStream().write(request);
                                answer = m.getInputStream().readAllBytes();
                            }
                        }
                        c.getOutputStream().write(answer);
                    } catch (IOException closed) {
                        // the listener closed, or a client went away
                    }
                }
            }, "flaky-front");
            thread.setDaemon(true);
            thread.start();
        }

        MonitorAddress address() {
            return new MonitorAddress("127.0.0.1", listener.getLocalPort());
        }

        /** One whole request: its head and the body its Content-Length names. */
        private static byte[] request(InputStream in) throws IOException {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int length = 0;
            StringBuilder line = new StringBuilder();
            for (int b = in.read(); b >= 0; b = in.read()) {
                out.write(b);
                if (b != '\n') {
                    line.append((char) b);
                    continue;
                }
                String l = line.toString().trim();
                line.setLength(0);
                if (l.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                    length = Integer.parseInt(l.substring("content-length:".length()).trim());
                } else if (l.isEmpty()) {
                    out.write(in.readNBytes(length));
                    break;
                }
            }
            return out.toByteArray();
        }

        @Override
        public void close() throws IOException {
            listener.close();
            try {
                thread.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
