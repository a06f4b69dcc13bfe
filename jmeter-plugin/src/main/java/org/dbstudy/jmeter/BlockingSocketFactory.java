package org.dbstudy.jmeter;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.SocketFactory;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * pgjdbc's {@code socketFactory} for the sampler's own connections: sockets that keep pgjdbc's connect
 * timeout but stay in blocking mode.
 *
 * <p>Why: a JDK {@link Socket} that has read with a timeout (and, on Java 21 and later, one connected
 * with a timeout) stays in non-blocking mode for good, so every later read that finds no reply yet costs
 * a failed {@code read} (EAGAIN), a {@code poll} and the read again. A transaction waits for about ten
 * replies, so that is some 15 system calls per transaction more than a blocking read's one each
 * (measured with strace: 54.7 against BenchBase's 42.7 per TPC-C transaction). This socket connects
 * without a timeout, so it stays blocking, and enforces the timeout itself by closing the socket when it
 * runs out, which ends the blocked connect.
 *
 * <p>pgjdbc's one timed read, the reply to its SSL request ({@code sslResponseTimeout}, 5 s), would turn
 * the socket non-blocking all the same, so it is set to 0 (an untimed read) unless the URL sets it, and
 * {@code loginTimeout} (10 s unless the URL sets it) bounds the whole login instead: pgjdbc runs the
 * login in a thread of its own and gives up waiting for it, reading nothing with a timeout.
 *
 * <p>Only connections the sampler opens from its URL use it, never a JMeter pool's, and never when the
 * URL names a {@code socketFactory} of its own. The JMeter property {@code dbstudy.blockingSockets=false}
 * turns it off.
 */
public final class BlockingSocketFactory extends SocketFactory {
    /** The JMeter property that turns the factory off: {@code false}. */
    static final String PROPERTY = "dbstudy.blockingSockets";
    private static final String PG_SOCKET_FACTORY = "socketFactory";
    private static final String PG_SSL_RESPONSE_TIMEOUT = "sslResponseTimeout";
    private static final String PG_LOGIN_TIMEOUT = "loginTimeout";
    private static final String LOGIN_TIMEOUT_SECONDS = "10";

    /** One daemon thread ends connects that ran out of time, for every connection of the JVM. */
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "dbstudy-connect-timeout");
        t.setDaemon(true);
        return t;
    });

    /** pgjdbc creates its factory by reflection, through this constructor. */
    public BlockingSocketFactory() {
    }

    /**
     * Names this factory in a connection's properties when the URL is PostgreSQL's and names no factory
     * of its own; leaves them alone otherwise (MySQL's and MariaDB's drivers set read timeouts of their
     * own while connecting, which make the socket non-blocking anyway).
     */
    /** Whether the kind's driver takes a socket factory by class name: pgjdbc's socketFactory; null: another driver. */
    private static boolean takesSocketFactory(DatabaseKind kind) {
        return kind != null && switch (kind) {
            case POSTGRESQL -> true;
            case MYSQL, MARIADB -> false;
        };
    }

    static void chooseFor(String url, Properties props, boolean enabled) {
        if (enabled && takesSocketFactory(DatabaseKind.forUrl(url)) && !names(url, props, PG_SOCKET_FACTORY)) {
            props.setProperty(PG_SOCKET_FACTORY, BlockingSocketFactory.class.getName());
            if (!names(url, props, PG_SSL_RESPONSE_TIMEOUT)) {
                props.setProperty(PG_SSL_RESPONSE_TIMEOUT, "0");
                if (!names(url, props, PG_LOGIN_TIMEOUT)) {
                    props.setProperty(PG_LOGIN_TIMEOUT, LOGIN_TIMEOUT_SECONDS);
                }
            }
        }
    }

    private static boolean names(String url, Properties props, String property) {
        return url.contains(property + "=") || props.containsKey(property);
    }

    @Override
    public Socket createSocket() {
        return new TimedConnectSocket();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        Socket s = new TimedConnectSocket();
        s.bind(new InetSocketAddress(localHost, localPort));
        s.connect(new InetSocketAddress(host, port));
        return s;
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port));
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        Socket s = new TimedConnectSocket();
        s.bind(new InetSocketAddress(localAddress, localPort));
        s.connect(new InetSocketAddress(address, port));
        return s;
    }

    private static Socket connected(SocketAddress address) throws IOException {
        Socket s = new TimedConnectSocket();
        s.connect(address);
        return s;
    }

    /** A socket whose timed connect leaves it blocking: the timeout closes it instead of polling. */
    static final class TimedConnectSocket extends Socket {
        private static final int CONNECTING = 0;
        private static final int CONNECTED = 1;
        private static final int TIMED_OUT = 2;
        private final AtomicInteger state = new AtomicInteger(CONNECTING);

        @Override
        public void connect(SocketAddress endpoint, int timeout) throws IOException {
            if (timeout <= 0) {
                super.connect(endpoint, 0);
                return;
            }
            ScheduledFuture<?> guard = TIMER.schedule(this::timeOut, timeout, TimeUnit.MILLISECONDS);
            try {
                super.connect(endpoint, 0);
            } catch (SocketException e) {
                if (state.get() == TIMED_OUT) {
                    SocketTimeoutException t = new SocketTimeoutException("Connect timed out after " + timeout + " ms");
                    t.initCause(e);
                    throw t;
                }
                throw e;
            } finally {
                guard.cancel(false);
            }
            if (!state.compareAndSet(CONNECTING, CONNECTED)) {
                // The guard won the race just as the connect succeeded: the socket is closed or closing.
                close();
                throw new SocketTimeoutException("Connect timed out after " + timeout + " ms");
            }
        }

        private void timeOut() {
            if (state.compareAndSet(CONNECTING, TIMED_OUT)) {
                try {
                    close();
                } catch (IOException e) {
                    // Closing only wakes the blocked connect; nothing is left to release.
                }
            }
        }
    }
}
