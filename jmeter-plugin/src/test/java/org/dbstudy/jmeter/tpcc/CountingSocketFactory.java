package org.dbstudy.jmeter.tpcc;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
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
    public Socket createSocket(String host, int port) {
        throw connectedSocketsUnused();
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) {
        throw connectedSocketsUnused();
    }

    @Override
    public Socket createSocket(InetAddress host, int port) {
        throw connectedSocketsUnused();
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) {
        throw connectedSocketsUnused();
    }

    /** pgjdbc asks only for an unconnected socket ({@link #createSocket()}) and connects it itself. */
    private static UnsupportedOperationException connectedSocketsUnused() {
        return new UnsupportedOperationException("a counting socket is made unconnected; pgjdbc connects it");
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
