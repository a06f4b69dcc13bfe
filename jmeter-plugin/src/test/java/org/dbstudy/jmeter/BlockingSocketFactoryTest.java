package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.dbstudy.databases.DatabaseEndpoint;
import org.junit.jupiter.api.Test;
import org.postgresql.core.PGStream;
import org.postgresql.core.QueryExecutorBase;
import org.postgresql.jdbc.PgConnection;

/**
 * The sampler's PostgreSQL connections read in blocking mode and keep their connect timeout (issue 27):
 * the mode is read from the kernel ({@code /proc/self/fdinfo}), so the test fails if the JDK or pgjdbc
 * turn the socket non-blocking again.
 */
class BlockingSocketFactoryTest {
    private static final int O_NONBLOCK = 04000;

    @Test
    void theSamplersPostgresConnectionIsBlockingAndPgjdbcsDefaultConnectionIsNot() throws Exception {
        DatabaseEndpoint db = Servers.POSTGRESQL.endpoint();
        TransactionSampler s = Samplers.sampler(db, "blocking", "SELECT 1;");
        try (SessionConnection session = SessionConnection.open(s.settings())) {
            Socket socket = socketOf(session.jdbc().unwrap(PgConnection.class));
            assertInstanceOf(BlockingSocketFactory.TimedConnectSocket.class, socket);
            assertFalse(nonBlocking(socket), "the sampler's socket must read in blocking mode");
            try (var st = session.jdbc().createStatement(); var rs = st.executeQuery("SELECT 41 + 1")) {
                assertTrue(rs.next());
                assertEquals(42, rs.getInt(1));
            }
        }
        // The premise: pgjdbc's own connection, with its default properties, ends up non-blocking (the
        // timed read of its SSL request's reply on every Java; its timed connect too from Java 21 on).
        Properties plain = new Properties();
        plain.setProperty("user", db.user());
        plain.setProperty("password", db.password() == null ? "" : db.password());
        try (Connection c = DriverManager.getConnection(db.url(), plain)) {
            assertTrue(nonBlocking(socketOf(c.unwrap(PgConnection.class))),
                    "pgjdbc's default connection is non-blocking on Java " + Runtime.version());
        }
    }

    @Test
    void aConnectThatRunsOutOfTimeFailsAsATimeoutAndLeavesNoSocketOpen() throws Exception {
        // A listener that never accepts, with a backlog of one: once its queue is full, the kernel drops
        // further SYNs and a connect waits until its own timeout.
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            List<Socket> filling = new ArrayList<>();
            try {
                boolean full = false;
                for (int i = 0; i < 16 && !full; i++) {
                    Socket f = new Socket();
                    filling.add(f);
                    try {
                        f.connect(server.getLocalSocketAddress(), 300);
                    } catch (SocketTimeoutException e) {
                        full = true;
                    }
                }
                assertTrue(full, "the listener's queue never filled");
                Socket timed = new BlockingSocketFactory().createSocket();
                long start = System.nanoTime();
                SocketTimeoutException e = assertThrows(SocketTimeoutException.class,
                        () -> timed.connect(server.getLocalSocketAddress(), 500));
                long tookMs = (System.nanoTime() - start) / 1_000_000;
                assertTrue(e.getMessage().contains("500 ms"), e.getMessage());
                assertTrue(tookMs >= 450 && tookMs < 30_000, "took " + tookMs + " ms");
                assertTrue(timed.isClosed());
            } finally {
                for (Socket f : filling) {
                    f.close();
                }
            }
        }
    }

    @Test
    void onlyPostgresUrlsWithoutAFactoryOfTheirOwnGetIt() {
        String name = BlockingSocketFactory.class.getName();
        assertEquals(name, chosen("jdbc:postgresql://127.0.0.1:5432/test", true));
        assertEquals(null, chosen("jdbc:postgresql://127.0.0.1:5432/test", false));
        assertEquals(null, chosen("jdbc:postgresql://h/test?socketFactory=my.Factory", true));
        assertEquals(null, chosen("jdbc:mariadb://127.0.0.1:3306/test", true));
        assertEquals(null, chosen("jdbc:mysql://127.0.0.1:3306/test", true));
        Properties p = new Properties();
        BlockingSocketFactory.chooseFor("jdbc:postgresql://h/test", p, true);
        assertEquals("0", p.getProperty("sslResponseTimeout"), "pgjdbc's one timed read, which would end blocking mode");
        assertEquals("10", p.getProperty("loginTimeout"), "the login bounded instead");
        p = new Properties();
        BlockingSocketFactory.chooseFor("jdbc:postgresql://h/test?sslResponseTimeout=2000", p, true);
        assertEquals(null, p.getProperty("sslResponseTimeout"));
        assertEquals(null, p.getProperty("loginTimeout"));
        p = new Properties();
        BlockingSocketFactory.chooseFor("jdbc:postgresql://h/test?loginTimeout=3", p, true);
        assertEquals("0", p.getProperty("sslResponseTimeout"));
        assertEquals(null, p.getProperty("loginTimeout"));
        Properties own = new Properties();
        own.setProperty("socketFactory", "my.Factory");
        BlockingSocketFactory.chooseFor("jdbc:postgresql://h/test", own, true);
        assertEquals("my.Factory", own.getProperty("socketFactory"));
    }

    private static String chosen(String url, boolean enabled) {
        Properties p = new Properties();
        BlockingSocketFactory.chooseFor(url, p, enabled);
        return p.getProperty("socketFactory");
    }

    /** pgjdbc keeps its stream in a protected field of the query executor; its socket is public. */
    private static Socket socketOf(PgConnection c) throws ReflectiveOperationException {
        Field f = QueryExecutorBase.class.getDeclaredField("pgStream");
        f.setAccessible(true);
        return ((PGStream) f.get(c.getQueryExecutor())).getSocket();
    }

    /**
     * The socket's O_NONBLOCK flag as the kernel has it: its descriptor is the one whose link names the
     * inode that /proc/net/tcp gives for its pair of ports. A socket of another process that used the
     * same local port before and waits in TIME_WAIT has the same local port but inode 0, so both ports
     * and a live inode are matched.
     */
    private static boolean nonBlocking(Socket socket) throws IOException {
        String local = String.format(":%04X", socket.getLocalPort());
        String remote = String.format(":%04X", socket.getPort());
        String inode = null;
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            for (String line : Files.readAllLines(Path.of(table))) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 9 && f[1].endsWith(local) && f[2].endsWith(remote) && !f[9].equals("0")) {
                    inode = f[9];
                }
            }
        }
        assertTrue(inode != null, "no live socket from local port " + socket.getLocalPort()
                + " to port " + socket.getPort());
        String link = "socket:[" + inode + "]";
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    if (Files.readSymbolicLink(fd).toString().equals(link)) {
                        for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo", fd.getFileName().toString()))) {
                            if (line.startsWith("flags:")) {
                                return (Integer.parseInt(line.substring(6).trim(), 8) & O_NONBLOCK) != 0;
                            }
                        }
                    }
                } catch (IOException gone) {
                    // A descriptor closed while we looked: not ours.
                }
            }
        }
        throw new AssertionError("no descriptor for " + link);
    }
}
