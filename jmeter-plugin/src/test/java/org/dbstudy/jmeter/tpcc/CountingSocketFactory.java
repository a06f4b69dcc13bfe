package org.dbstudy.jmeter.tpcc;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.SocketFactory;

/**
 * A pgjdbc {@code socketFactory} that counts the writes to its sockets. pgjdbc buffers a round trip's
 * messages and flushes them when it waits for the answer, so the count is the round trips (a test sends
 * nothing bigger than the buffer). One counter for every socket: a test counts one connection at a time.
 */
public final class CountingSocketFactory extends SocketFactory {
    static final AtomicLong WRITES = new AtomicLong();

    @Override
    public Socket createSocket() {
        return new CountingSocket();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) throws IOException {
        return connected(new InetSocketAddress(address, port));
    }

    private static Socket connected(InetSocketAddress to) throws IOException {
        Socket s = new CountingSocket();
        s.connect(to);
        return s;
    }

    private static final class CountingSocket extends Socket {
        private OutputStream counted;

        @Override
        public synchronized OutputStream getOutputStream() throws IOException {
            if (counted == null) {
                OutputStream raw = super.getOutputStream();
                counted = new OutputStream() {
                    @Override
                    public void write(int b) throws IOException {
                        WRITES.incrementAndGet();
                        raw.write(b);
                    }

                    @Override
                    public void write(byte[] b, int off, int len) throws IOException {
                        WRITES.incrementAndGet();
                        raw.write(b, off, len);
                    }

                    @Override
                    public void flush() throws IOException {
                        raw.flush();
                    }

                    @Override
                    public void close() throws IOException {
                        raw.close();
                    }
                };
            }
            return counted;
        }
    }
}
