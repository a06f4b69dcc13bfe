package org.dbstudy.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code dbstudy monitor} serves several runners at once: requests that arrive half-sent hold only
 * their own connection, and are answered 408 and closed when they do not arrive whole in time.
 */
class MonitorServerConnectionsTest {
    /** Longer than the client below waits: a server serving one connection at a time fails the test. */
    private static final long LONG_READ_MILLIS = 120_000;
    private static final MonitorToken TOKEN = MonitorToken.generate();

    @Test
    void halfSentRequestsDoNotHoldOtherRunnersBack() throws Exception {
        try (MonitorServer server = MonitorServer.start(new InetSocketAddress("127.0.0.1", 0), LONG_READ_MILLIS, TOKEN)) {
            InetSocketAddress at = server.address();
            List<Socket> halfSent = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    Socket s = new Socket(at.getAddress(), at.getPort());
                    s.setSoTimeout(60_000);
                    send(s, "POST /sessions?server-port=1 HTTP/1.1\r\nHost: monitor\r\nAuthorization: " + TOKEN.authorization() + "\r\nContent-Le");
                    halfSent.add(s);
                }
                // Accepted first (the kernel's accept queue is first in, first out), still unanswered:
                // another runner is answered all the same, well before any of them could time out.
                HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
                HttpResponse<String> other = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + at.getPort() + "/"))
                        .timeout(Duration.ofSeconds(30)).header("Authorization", TOKEN.authorization()).GET().build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(200, other.statusCode(), other.body());
                assertTrue(other.body().startsWith("dbstudy monitor"), other.body());
                // The half-sent requests were held open, not dropped: finished now, each is served.
                for (Socket s : halfSent) {
                    send(s, "ngth: 0\r\n\r\n");
                    String reply = readAll(s);
                    assertTrue(reply.startsWith("HTTP/1.1 201 "), reply);
                    assertTrue(reply.contains("\r\n\r\n" + MonitorServer.SESSIONS + "/"), reply);
                }
                assertEquals(3, server.sessions());
            } finally {
                for (Socket s : halfSent) {
                    s.close();
                }
            }
        }
    }

    @Test
    void aRequestThatDoesNotArriveWholeInTimeIsAnswered408AndClosed() throws Exception {
        try (MonitorServer server = MonitorServer.start(new InetSocketAddress("127.0.0.1", 0), 500, TOKEN);
             Socket s = new Socket("127.0.0.1", server.address().getPort())) {
            s.setSoTimeout(60_000);
            send(s, "POST /sessions?server-port=1 HTTP/1.1\r\nHost: monitor\r\nAuthorization: " + TOKEN.authorization() + "\r\n");
            String reply = readAll(s);
            assertTrue(reply.startsWith("HTTP/1.1 408 "), reply);
            assertTrue(reply.contains("within 500 ms"), reply);
            assertEquals(0, server.sessions());
        }
    }

    @Test
    void aWholeRequestOnARawConnectionIsServed() throws Exception {
        try (MonitorServer server = MonitorServer.start(new InetSocketAddress("127.0.0.1", 0), TOKEN);
             Socket s = new Socket("127.0.0.1", server.address().getPort())) {
            s.setSoTimeout(60_000);
            send(s, "GET /nowhere HTTP/1.1\r\nHost: monitor\r\nAuthorization: " + TOKEN.authorization() + "\r\n\r\n");
            String reply = readAll(s);
            assertTrue(reply.startsWith("HTTP/1.1 404 ") && reply.contains("Content-Length: "), reply);
            assertTrue(reply.contains("GET /nowhere: not here"), reply);
        }
    }

    private static void send(Socket s, String text) throws IOException {
        OutputStream out = s.getOutputStream();
        out.write(text.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Everything until the server closes the connection. */
    private static String readAll(Socket s) throws IOException {
        InputStream in = s.getInputStream();
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
}
