package org.dbstudy.monitor;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The small HTTP/1.1 server under {@link MonitorServer}: one request per connection, each connection
 * on a thread of its own (up to {@link #MAX_CONNECTIONS} at once), and a deadline for reading the
 * whole request, so a runner that sends half a request holds only its own thread, and only that long.
 * The JDK's {@code HttpServer} sets its read limits only JVM-wide; this one sets them per server.
 */
final class RequestServer implements AutoCloseable {
    /** Connections served at once; one more is answered 503 and closed. */
    static final int MAX_CONNECTIONS = 32;
    private static final int MAX_HEAD_BYTES = 16 * 1024;
    private static final int MAX_BODY_BYTES = 1024 * 1024;

    record Request(String method, String path, String query, byte[] body) {
    }

    record Response(int status, String body) {
    }

    interface Handler {
        Response handle(Request request);
    }

    private final ServerSocket listener;
    private final ThreadPoolExecutor workers;
    private final Handler handler;
    private final long readMillis;
    private final Thread acceptor;

    private RequestServer(ServerSocket listener, Handler handler, long readMillis) {
        this.listener = listener;
        this.handler = handler;
        this.readMillis = readMillis;
        this.workers = new ThreadPoolExecutor(0, MAX_CONNECTIONS, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, "dbstudy-monitor-request");
            t.setDaemon(true);
            return t;
        });
        this.acceptor = new Thread(this::accept, "dbstudy-monitor-accept");
        acceptor.setDaemon(true);
    }

    /** Listens on {@code address}; each request must arrive whole within {@code readMillis} of its connection. */
    static RequestServer start(InetSocketAddress address, long readMillis, Handler handler) throws IOException {
        ServerSocket listener = new ServerSocket();
        try {
            listener.bind(address, 64);
        } catch (IOException e) {
            listener.close();
            throw e;
        }
        RequestServer server = new RequestServer(listener, handler, readMillis);
        server.acceptor.start();
        return server;
    }

    InetSocketAddress address() {
        return (InetSocketAddress) listener.getLocalSocketAddress();
    }

    private void accept() {
        while (!listener.isClosed()) {
            Socket connection;
            try {
                connection = listener.accept();
            } catch (IOException closedOrFailed) {
                continue;
            }
            try {
                workers.execute(() -> serve(connection));
            } catch (RejectedExecutionException full) {
                reply(connection, new Response(503, "busy: " + MAX_CONNECTIONS + " connections open; try again\n"));
            }
        }
    }

    private void serve(Socket connection) {
        try (connection) {
            Response response;
            try {
                Request request = read(connection, System.nanoTime() + readMillis * 1_000_000);
                response = request == null ? null : handler.handle(request);
            } catch (SocketTimeoutException e) {
                response = new Response(408, "the request did not arrive whole within " + readMillis + " ms\n");
            } catch (BadRequest e) {
                response = new Response(e.status, e.getMessage() + "\n");
            } catch (RuntimeException e) {
                response = new Response(500, e + "\n");
            }
            if (response != null) {
                reply(connection, response);
            }
        } catch (IOException goneAlready) {
            // The client went away: nothing to answer.
        }
    }

    /** The request, or null when the client closed without sending one. */
    private static Request read(Socket connection, long deadline) throws IOException {
        InputStream in = connection.getInputStream();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = readByte(connection, in, deadline);
            if (b < 0) {
                if (head.size() == 0) {
                    return null;
                }
                throw new BadRequest(400, "the request ended inside its head");
            }
            head.write(b);
            matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
            if (head.size() > MAX_HEAD_BYTES) {
                throw new BadRequest(431, "request head over " + MAX_HEAD_BYTES + " bytes");
            }
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        String[] first = lines[0].split(" ");
        if (first.length != 3 || !first[2].startsWith("HTTP/1.")) {
            throw new BadRequest(400, "not an HTTP/1.x request line: " + lines[0]);
        }
        Map<String, String> headers = new java.util.HashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
        }
        if (headers.containsKey("transfer-encoding")) {
            throw new BadRequest(411, "send the body with a Content-Length");
        }
        int length;
        try {
            length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
        } catch (NumberFormatException e) {
            throw new BadRequest(400, "Content-Length is not a number");
        }
        if (length < 0 || length > MAX_BODY_BYTES) {
            throw new BadRequest(413, "body over " + MAX_BODY_BYTES + " bytes");
        }
        byte[] body = new byte[length];
        for (int i = 0; i < length; i++) {
            int b = readByte(connection, in, deadline);
            if (b < 0) {
                throw new BadRequest(400, "the body ended after " + i + " of " + length + " bytes");
            }
            body[i] = (byte) b;
        }
        String target = first[1];
        int q = target.indexOf('?');
        return new Request(first[0], q < 0 ? target : target.substring(0, q), q < 0 ? null : target.substring(q + 1), body);
    }

    /** One byte, waiting no longer than the request's deadline. Requests are small: unbuffered is fine. */
    private static int readByte(Socket connection, InputStream in, long deadline) throws IOException {
        long left = (deadline - System.nanoTime()) / 1_000_000;
        if (left <= 0) {
            throw new SocketTimeoutException("deadline");
        }
        connection.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
        return in.read();
    }

    private static void reply(Socket connection, Response response) {
        byte[] body = response.body() == null ? new byte[0] : response.body().getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(response.status()).append(' ')
                .append(reason(response.status())).append("\r\nConnection: close\r\n");
        if (response.status() != 204) {
            head.append("Content-Type: text/plain; charset=utf-8\r\nContent-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        try (OutputStream out = connection.getOutputStream()) {
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            if (response.status() != 204) {
                out.write(body);
            }
            out.flush();
        } catch (IOException goneAlready) {
            // The client stopped waiting.
        } finally {
            try {
                connection.close();
            } catch (IOException ignored) {
                // closing anyway
            }
        }
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 201 -> "Created";
            case 204 -> "No Content";
            case 400 -> "Bad Request";
            case 404 -> "Not Found";
            case 408 -> "Request Timeout";
            case 411 -> "Length Required";
            case 413 -> "Content Too Large";
            case 431 -> "Request Header Fields Too Large";
            case 503 -> "Service Unavailable";
            default -> "Internal Server Error";
        };
    }

    @Override
    public void close() {
        try {
            listener.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        workers.shutdownNow();
    }

    /** A request this server cannot take, with the status to answer. */
    private static final class BadRequest extends IOException {
        private static final long serialVersionUID = 1L;
        final int status;

        BadRequest(int status, String message) {
            super(message);
            this.status = status;
        }
    }
}
