package org.dbstudy.monitor;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import oshi.SystemInfo;
import oshi.software.os.InternetProtocolStats.IPConnection;
import oshi.software.os.InternetProtocolStats.TcpState;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.JdbcUrls;
import org.dbstudy.vocabulary.MonitorAddress;
import org.dbstudy.vocabulary.files.MonitorColumns;

/**
 * Samples the host, the database server's processes and the database's counters every interval on
 * one daemon thread, into a tidy CSV ({@link MonitorCsv}), from {@link #start} until {@link #close}.
 * A part that cannot be read (a remote server's processes without a {@code dbstudy monitor} there, a
 * refused login) is left out and named in {@link #problems()}; the monitor never stops the experiment
 * it watches. With a remote monitor ({@link Config#remote()}) the host and process figures come from
 * it ({@link RemoteProbe}), stamped with this machine's clock like the rest.
 */
public final class Monitor implements AutoCloseable {
    private static final boolean LINUX = SystemInfo.getCurrentPlatform() == oshi.PlatformEnum.LINUX;

    /**
     * What to watch: the database by JDBC URL (its dialect from the URL), the CSV, the interval, and
     * where a {@code dbstudy monitor} on the database server's host answers ({@code remote}, or null to
     * read the host and the server's processes here) with the token it asks for ({@code remoteToken}).
     */
    public record Config(String jdbcUrl, String user, String password, Path csv, long intervalMillis,
                         MonitorAddress remote, MonitorToken remoteToken) {
        public Config {
            if (remote != null && remoteToken == null) {
                throw new IllegalArgumentException("a remote monitor (" + remote + ") needs its token");
            }
        }

        /** The database's host and processes read on this machine. */
        public Config(String jdbcUrl, String user, String password, Path csv, long intervalMillis) {
            this(jdbcUrl, user, password, csv, intervalMillis, null, null);
        }

        @Override
        public String toString() {
            return "monitor of " + JdbcUrls.redact(jdbcUrl) + (remote == null ? "" : " (host read by the monitor at "
                    + remote + ")") + " every " + intervalMillis + " ms into " + csv;
        }
    }

    private final MonitorCsv csv;
    private final List<Probe> probes;
    private final List<String> problems = Collections.synchronizedList(new ArrayList<>());
    private volatile String databaseLost;
    private final long intervalMillis;
    /** Intervals sampled, and those whose host figures were expected and not read (marked in the file). */
    private final AtomicLong samples = new AtomicLong();
    private final AtomicLong hostMissing = new AtomicLong();
    private final ScheduledExecutorService timer;

    private Monitor(MonitorCsv csv, List<Probe> probes, List<String> problems, long intervalMillis) {
        this.csv = csv;
        this.probes = probes;
        this.problems.addAll(problems);
        this.intervalMillis = intervalMillis;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "dbstudy-monitor");
            t.setDaemon(true);
            return t;
        });
        // Fixed delay, not fixed rate: a late sample is never followed by a burst of catch-up samples,
        // whose short windows would make per-second figures of tick-granular CPU times meaningless.
        timer.scheduleWithFixedDelay(this::sampleOnce, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
    }

    /** Starts sampling; the first row comes one interval from now (the baselines are taken here). */
    public static Monitor start(Config config) throws IOException {
        List<String> problems = new ArrayList<>();
        List<Probe> probes = new ArrayList<>();
        SystemInfo system = config.remote() == null ? new SystemInfo() : null;
        if (system != null) {
            probes.add(new HostProbe(system.getHardware()));
        }
        Connection connection = null;
        try {
            connection = connect(config);
        } catch (SQLException e) {
            problems.add("no database counters: cannot connect to " + JdbcUrls.redact(config.jdbcUrl()) + ": " + e.getMessage());
        }
        ServerAddress address = ServerAddress.of(config.jdbcUrl());
        int pid = system != null && address.isLocal() ? serverPid(system.getOperatingSystem(), address.port(), connection) : -1;
        PostgresCounters postgres = null;
        if (connection != null) {
            try {
                Probe counters;
                DatabaseKind kind = DatabaseKind.forUrl(config.jdbcUrl());
                // A driver dbstudy does not know is asked as MySQL (MySQL's protocol is the one most clones speak).
                counters = switch (kind == null ? DatabaseKind.MYSQL : kind) {
                    case POSTGRESQL -> postgres = new PostgresCounters(connection);
                    case MYSQL, MARIADB -> new MySqlCounters(connection);
                };
                probes.add(counters); // before the process probe: it uses the process ids PostgreSQL lists
            } catch (SQLException e) {
                problems.add("no database counters: " + e.getMessage());
                close(connection, problems);
            }
        }
        PostgresCounters listing = postgres;
        Supplier<List<Integer>> listed = listing == null ? List::of : listing::serverPids;
        if (config.remote() != null) {
            probes.add(RemoteProbe.open(config.remote(), config.remoteToken(), address.port(), listed,
                    config.intervalMillis(), problems));
        } else if (address.isLocal()) {
            processProbe(pid, address.port(), listed, problems).ifPresent(probes::add);
        } else {
            problems.add("no host or server process figures: " + address.host() + " is another machine (name a"
                    + " monitor address where 'dbstudy monitor' runs on it to read them)");
        }
        return new Monitor(new MonitorCsv(config.csv()), probes, problems, config.intervalMillis());
    }

    /**
     * The server's processes on this host, read from the main process {@code pid} (found listening on
     * {@code port}); empty, with the reason added to {@code problems}, where they cannot be read.
     */
    static Optional<Probe> processProbe(int pid, int port, Supplier<List<Integer>> listedByServer, List<String> problems) {
        if (!LINUX) {
            problems.add("no server process figures: they are read on Linux only");
        } else if (pid <= 0) {
            problems.add("no server process figures: no process listens on port " + port);
        } else {
            return Optional.of(new ServerProcessProbe(pid, listedByServer));
        }
        return Optional.empty();
    }

    private static Connection connect(Config config) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", config.user());
        p.setProperty("password", config.password() == null ? "" : config.password());
        return DriverManager.getConnection(config.jdbcUrl(), p);
    }

    /**
     * The process listening on the server's port (PostgreSQL's postmaster, mariadbd, mysqld); for
     * PostgreSQL, failing that, the parent of the monitor's own backend.
     */
    static int serverPid(OperatingSystem os, int port, Connection connection) {
        for (IPConnection c : os.getInternetProtocolStats().getConnections()) {
            if (c.getState() == TcpState.LISTEN && c.getLocalPort() == port && c.getowningProcessId() > 0) {
                return c.getowningProcessId();
            }
        }
        if (connection != null) {
            try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
                rs.next();
                OSProcess backend = os.getProcess(rs.getInt(1));
                return backend == null ? -1 : backend.getParentProcessID();
            } catch (SQLException notPostgres) {
                return -1;
            }
        }
        return -1;
    }

    private void sampleOnce() {
        long now = System.currentTimeMillis();
        List<Reading> readings = new ArrayList<>();
        for (Probe p : probes) {
            try {
                readings.addAll(p.sample(now));
            } catch (Exception e) {
                if (e instanceof java.sql.SQLException sql && databaseLost == null
                        && org.dbstudy.vocabulary.OutcomeClassifier.classify(sql) == org.dbstudy.vocabulary.Outcome.CONNECTION_LOST) {
                    databaseLost = sql.getSQLState() + " " + sql.getMessage();
                }
                String problem = e instanceof Probe.Unreadable ? e.getMessage() : p.getClass().getSimpleName() + ": " + e.getMessage();
                if (!problems.contains(problem)) {
                    problems.add(problem);
                }
                readings.addAll(p.missing(now));
            }
        }
        samples.incrementAndGet();
        if (readings.stream().anyMatch(Reading::marksHostMissing)) {
            hostMissing.incrementAndGet();
        }
        try {
            csv.write(readings);
        } catch (IOException e) {
            problems.add("cannot write the monitor's CSV: " + e.getMessage());
        }
    }

    /**
     * The database counters' connection lost (its error classified {@code connection_lost}: the server
     * died or was shut down): SQLState and message of the first such error; empty while it answers.
     */
    public java.util.Optional<String> databaseLost() {
        return java.util.Optional.ofNullable(databaseLost);
    }

    /**
     * What could not be measured, one line each (empty when everything was); last, while some intervals
     * lacked the host's figures, how many of those sampled so far.
     */
    public List<String> problems() {
        List<String> out;
        synchronized (problems) {
            out = new ArrayList<>(problems);
        }
        long missing = hostMissing.get();
        if (missing > 0) {
            out.add("host figures missing in " + missing + " of " + samples.get() + " samples (one every " + intervalMillis
                    + " ms), marked in the file as host," + MonitorColumns.MISSING + "; the report names the gap");
        }
        return List.copyOf(out);
    }

    /** Stops sampling (a sample under way finishes first) and closes the CSV and the connection. */
    @Override
    public void close() throws IOException {
        timer.shutdown();
        try {
            if (!timer.awaitTermination(10, TimeUnit.SECONDS)) {
                timer.shutdownNow();
            }
        } catch (InterruptedException e) {
            timer.shutdownNow();
            Thread.currentThread().interrupt();
        }
        for (Probe p : probes) {
            close(p, problems);
        }
        csv.close();
    }

    /** Closing the monitor's own connection: a failure is noted, and nothing of the experiment depends on it. */
    private static void close(AutoCloseable c, List<String> problems) {
        try {
            c.close();
        } catch (Exception e) {
            problems.add("closing " + c.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }
}
