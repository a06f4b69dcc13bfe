package org.dbstudy.monitor;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The small HTTP/1.1 server under {@link MonitorServer}: one request per connection. One thread reads
 * every connection without blocking ({@link Selector}), so a connection that sends slowly or nothing
 * holds a buffer, not a thread: up to {@link #MAX_CONNECTIONS} at once (one more drops the one that has
 * waited longest for its request), each answered 408 and closed when its request has not arrived whole
 * within the read time. A request without the monitor's token is answered 401 by that thread as soon as
 * its head is read, before any work; only a request with it goes to the {@link #WORKERS} threads that
 * run the handler. The JDK's {@code HttpServer} sets its read limits only JVM-wide and serves a
 * connection's exchange on its executor; this one sets them per server.
 */
final class RequestServer implements AutoCloseable {
    /** Connections held at once, most of them still sending; far more than runners ever open. */
    static final int MAX_CONNECTIONS = 1024;
    /** Threads that serve admitted requests (a sample reads /proc for a few ms); more wait in a queue. */
    static final int WORKERS = 4;
    private static final int QUEUED = 64;
    private static final int MAX_HEAD_BYTES = 16 * 1024;
    private static final int MAX_BODY_BYTES = 1024 * 1024;
    /** The longest the reading thread sleeps between looks at the deadlines. */
    private static final long TICK_MILLIS = 100;

    record Request(String method, String path, String query, byte[] body) {
    }

    record Response(int status, String body) {
    }

    interface Handler {
        Response handle(Request request);
    }

    private final ServerSocketChannel listener;
    private final Selector selector;
    private final ThreadPoolExecutor workers;
    private final Handler handler;
    private final MonitorToken token;
    private final long readMillis;
    private final Thread loop;
    /** Work for the reading thread from the workers (their answers), run between selects. */
    private final Queue<Runnable> onLoop = new ConcurrentLinkedQueue<>();
    /** Connections whose request has not arrived whole, oldest (so first to expire) first; reading thread only. */
    private final LinkedHashSet<Exchange> reading = new LinkedHashSet<>();
    /** Connections being answered; reading thread only. */
    private final LinkedHashSet<Exchange> writing = new LinkedHashSet<>();
    private final AtomicInteger open = new AtomicInteger();
    private volatile boolean closed;

    private RequestServer(ServerSocketChannel listener, Selector selector, Handler handler, MonitorToken token,
                          long readMillis) {
        this.listener = listener;
        this.selector = selector;
        this.handler = handler;
        this.token = token;
        this.readMillis = readMillis;
        this.workers = new ThreadPoolExecutor(WORKERS, WORKERS, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(QUEUED), r -> {
            Thread t = new Thread(r, "dbstudy-monitor-server-worker");
            t.setDaemon(true);
            return t;
        });
        this.loop = new Thread(this::run, "dbstudy-monitor-server-io");
        loop.setDaemon(true);
    }

    /**
     * Listens on {@code address}; requests must carry {@code token} and arrive whole within
     * {@code readMillis} of their connection.
     */
    static RequestServer start(InetSocketAddress address, long readMillis, MonitorToken token, Handler handler) throws IOException {
        ServerSocketChannel listener = ServerSocketChannel.open();
        Selector selector = null;
        try {
            listener.bind(address, 256);
            listener.configureBlocking(false);
            selector = Selector.open();
            listener.register(selector, SelectionKey.OP_ACCEPT);
        } catch (IOException e) {
            listener.close();
            if (selector != null) {
                selector.close();
            }
            throw e;
        }
        RequestServer server = new RequestServer(listener, selector, handler, token, readMillis);
        server.loop.start();
        return server;
    }

    InetSocketAddress address() {
        try {
            return (InetSocketAddress) listener.getLocalAddress();
        } catch (IOException e) {
            throw new IllegalStateException("closed", e);
        }
    }

    /** Connections open now (accepted and not yet closed). */
    int connections() {
        return open.get();
    }

    private void run() {
        try {
            while (!closed) {
                selector.select(TICK_MILLIS);
                for (Runnable r = onLoop.poll(); r != null; r = onLoop.poll()) {
                    r.run();
                }
                Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
                while (keys.hasNext()) {
                    SelectionKey key = keys.next();
                    keys.remove();
                    if (!key.isValid()) {
                        continue;
                    }
                    if (key.isAcceptable()) {
                        accept();
                    } else {
                        Exchange x = (Exchange) key.attachment();
                        try {
                            if (key.isReadable()) {
                                read(x);
                            } else if (key.isWritable()) {
                                write(x);
                            }
                        } catch (IOException goneAlready) {
                            drop(x);
                        }
                    }
                }
                expire();
            }
        } catch (IOException | RuntimeException e) {
            // The selector failed: the monitor can serve no one; its runners name what they miss.
            System.err.println("dbstudy monitor: stopped serving: " + e);
        } finally {
            new ArrayList<>(reading).forEach(this::drop);
            new ArrayList<>(writing).forEach(this::drop);
            for (SelectionKey k : selector.keys()) {
                if (k.attachment() instanceof Exchange x) {
                    drop(x);
                }
            }
            closeQuietly(listener);
            closeQuietly(selector);
        }
    }

    private void accept() throws IOException {
        for (SocketChannel c = listener.accept(); c != null; c = listener.accept()) {
            if (reading.size() >= MAX_CONNECTIONS) {
                drop(reading.iterator().next());
            }
            try {
                c.configureBlocking(false);
                c.setOption(StandardSocketOptions.TCP_NODELAY, true);
                Exchange x = new Exchange(c, System.nanoTime() + readMillis * 1_000_000);
                x.key = c.register(selector, SelectionKey.OP_READ, x);
                open.incrementAndGet();
                reading.add(x);
            } catch (IOException e) {
                closeQuietly(c);
            }
        }
    }

    private void read(Exchange x) throws IOException {
        try {
            if (!x.in.hasRemaining()) {
                x.grow(MAX_HEAD_BYTES + MAX_BODY_BYTES);
            }
            int n = x.channel.read(x.in);
            if (x.headEnd < 0) {
                x.headEnd = headEnd(x.in, x.scanned);
                x.scanned = x.in.position();
                if (x.headEnd < 0) {
                    if (n < 0) {
                        if (x.in.position() == 0) {
                            drop(x); // closed without a request: nothing to answer
                        } else {
                            throw new BadRequest(400, "the request ended inside its head");
                        }
                    } else if (x.in.position() > MAX_HEAD_BYTES) {
                        throw new BadRequest(431, "request head over " + MAX_HEAD_BYTES + " bytes");
                    }
                    return;
                }
                x.parseHead();
                // The token first: a request without it costs this check and nothing more.
                if (!token.admits(x.headers.get("authorization"))) {
                    respond(x, new Response(401, "dbstudy monitor: this request lacks the runner's token"
                            + " (Authorization: Bearer TOKEN; see docs/monitoring.md)\n"));
                    return;
                }
            }
            int have = x.in.position() - x.headEnd;
            if (have >= x.length) {
                byte[] body = new byte[x.length];
                x.in.get(x.headEnd, body);
                reading.remove(x);
                x.key.interestOps(0);
                dispatch(x, new Request(x.method, x.path, x.query, body));
            } else if (n < 0) {
                throw new BadRequest(400, "the body ended after " + have + " of " + x.length + " bytes");
            }
        } catch (BadRequest e) {
            respond(x, new Response(e.status, e.getMessage() + "\n"));
        }
    }

    /**
     * Where the head ends (after its blank line) in what was read, or -1 while it has not arrived;
     * {@code scanned} bytes were looked at before (a head sent byte by byte is looked at once, not once per byte).
     */
    private static int headEnd(ByteBuffer in, int scanned) {
        for (int i = Math.max(3, scanned); i < in.position(); i++) {
            if (in.get(i - 3) == '\r' && in.get(i - 2) == '\n' && in.get(i - 1) == '\r' && in.get(i) == '\n') {
                return i + 1;
            }
        }
        return -1;
    }

    private void dispatch(Exchange x, Request request) {
        try {
            workers.execute(() -> {
                Response r;
                try {
                    r = handler.handle(request);
                } catch (RuntimeException e) {
                    r = new Response(500, e + "\n");
                }
                Response answer = r;
                onLoop.add(() -> respond(x, answer));
                selector.wakeup();
            });
        } catch (RejectedExecutionException full) {
            respond(x, new Response(503, "busy: " + WORKERS + " requests served and " + QUEUED + " waiting; try again\n"));
        }
    }

    /** Queues the answer and starts writing it; the connection closes once it is out. */
    private void respond(Exchange x, Response response) {
        if (!x.key.isValid()) {
            drop(x);
            return;
        }
        reading.remove(x);
        writing.add(x);
        x.deadline = System.nanoTime() + readMillis * 1_000_000;
        x.out = ByteBuffer.wrap(bytes(response));
        x.key.interestOps(SelectionKey.OP_WRITE);
        try {
            write(x);
        } catch (IOException goneAlready) {
            drop(x);
        }
    }

    private void write(Exchange x) throws IOException {
        x.channel.write(x.out);
        if (!x.out.hasRemaining()) {
            // Read what the client sent beyond what was needed (a refused request's body), so closing
            // does not reset the connection before the client reads the answer.
            ByteBuffer rest = ByteBuffer.allocate(4096);
            x.channel.shutdownOutput();
            while (x.channel.read(rest) > 0) {
                rest.clear();
            }
            drop(x);
        }
    }

    /** Answers 408 to connections whose request is late and drops those whose answer is not taken. */
    private void expire() {
        long now = System.nanoTime();
        while (!reading.isEmpty() && reading.iterator().next().deadline - now <= 0) {
            respond(reading.iterator().next(), new Response(408, "the request did not arrive whole within " + readMillis + " ms\n"));
        }
        List<Exchange> late = writing.stream().filter(x -> x.deadline - now <= 0).toList();
        late.forEach(this::drop);
    }

    private void drop(Exchange x) {
        reading.remove(x);
        writing.remove(x);
        if (x.key != null) {
            x.key.cancel();
        }
        if (!x.dropped) {
            x.dropped = true;
            open.decrementAndGet();
            closeQuietly(x.channel);
        }
    }

    private static byte[] bytes(Response response) {
        byte[] body = response.body() == null || response.status() == 204 ? new byte[0]
                : response.body().getBytes(StandardCharsets.UTF_8);
        StringBuilder head = new StringBuilder("HTTP/1.1 ").append(response.status()).append(' ')
                .append(reason(response.status())).append("\r\nConnection: close\r\n");
        if (response.status() != 204) {
            head.append("Content-Type: text/plain; charset=utf-8\r\nContent-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        byte[] h = head.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[h.length + body.length];
        System.arraycopy(h, 0, all, 0, h.length);
        System.arraycopy(body, 0, all, h.length, body.length);
        return all;
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 201 -> "Created";
            case 204 -> "No Content";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 404 -> "Not Found";
            case 408 -> "Request Timeout";
            case 411 -> "Length Required";
            case 413 -> "Content Too Large";
            case 431 -> "Request Header Fields Too Large";
            case 503 -> "Service Unavailable";
            default -> "Internal Server Error";
        };
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception ignored) {
            // closing anyway
        }
    }

    /** Stops listening and closes every connection; returns once the port is free. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        selector.wakeup();
        try {
            loop.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        workers.shutdownNow();
    }

    /** One connection and its request as it arrives. */
    private static final class Exchange {
        final SocketChannel channel;
        SelectionKey key;
        /** When its request must have arrived, then when its answer must have been taken (System.nanoTime). */
        long deadline;
        ByteBuffer in = ByteBuffer.allocate(1024);
        ByteBuffer out;
        int headEnd = -1;
        int scanned;
        String method;
        String path;
        String query;
        Map<String, String> headers;
        int length;
        boolean dropped;

        Exchange(SocketChannel channel, long deadline) {
            this.channel = channel;
            this.deadline = deadline;
        }

        void grow(int limit) throws BadRequest {
            if (in.capacity() >= limit) {
                throw new BadRequest(413, "request over " + limit + " bytes");
            }
            ByteBuffer bigger = ByteBuffer.allocate(Math.min(limit, in.capacity() * 2));
            in.flip();
            bigger.put(in);
            in = bigger;
        }

        void parseHead() throws BadRequest {
            String[] lines = new String(in.array(), 0, headEnd, StandardCharsets.ISO_8859_1).split("\r\n");
            String[] first = lines[0].split(" ");
            if (first.length != 3 || !first[2].startsWith("HTTP/1.")) {
                throw new BadRequest(400, "not an HTTP/1.x request line: " + lines[0]);
            }
            headers = new HashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                if (colon > 0) {
                    headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
                }
            }
            if (headers.containsKey("transfer-encoding")) {
                throw new BadRequest(411, "send the body with a Content-Length");
            }
            try {
                length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
            } catch (NumberFormatException e) {
                throw new BadRequest(400, "Content-Length is not a number");
            }
            if (length < 0 || length > MAX_BODY_BYTES) {
                throw new BadRequest(413, "body over " + MAX_BODY_BYTES + " bytes");
            }
            method = first[0];
            String target = first[1];
            int q = target.indexOf('?');
            path = q < 0 ? target : target.substring(0, q);
            query = q < 0 ? null : target.substring(q + 1);
        }
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
