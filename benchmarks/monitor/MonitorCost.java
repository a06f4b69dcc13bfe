import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.net.InetSocketAddress;
import org.dbstudy.monitor.Monitor;
import org.dbstudy.monitor.MonitorServer;
import org.dbstudy.monitor.MonitorToken;
import org.dbstudy.vocabulary.MonitorAddress;

/**
 * The monitor's own CPU cost (benchmark, not a test): rounds of S seconds alternate an idle JVM
 * (baseline) and the same JVM running the monitor at the given interval; prints, per round and as
 * medians, the process CPU in % of one core, the difference, and the monitor thread's own CPU.
 * The first round is a warm-up (class loading, JIT) and is not counted. With {@code remote}, the
 * host and the server's processes are read by a {@code dbstudy monitor} ({@link MonitorServer}) in
 * the same JVM on loopback, and its threads' CPU (the cost on the database host) is printed too.
 *
 *   java -cp 'cli/target/lib/*' benchmarks/monitor/MonitorCost.java JDBC_URL USER [SECONDS] [ROUNDS] [INTERVAL_MS] [remote]
 */
public class MonitorCost {
    public static void main(String[] args) throws Exception {
        String url = args[0];
        String user = args[1];
        long seconds = args.length > 2 ? Long.parseLong(args[2]) : 30;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        long interval = args.length > 4 ? Long.parseLong(args[4]) : 1000;
        boolean remote = args.length > 5 && args[5].equals("remote");
        MonitorToken token = MonitorToken.generate();
        MonitorServer server = remote ? MonitorServer.start(new InetSocketAddress("127.0.0.1", 0), token) : null;
        MonitorAddress address = remote ? new MonitorAddress("127.0.0.1", server.address().getPort()) : null;
        String password = System.getenv().getOrDefault("BENCH_DB_PASSWORD", "");
        Path dir = Files.createTempDirectory("dbstudy-monitor-cost");
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<Double> idle = new ArrayList<>();
        List<Double> monitored = new ArrayList<>();
        List<Double> thread = new ArrayList<>();
        List<Double> serverThread = new ArrayList<>();
        for (int r = 0; r <= rounds; r++) {
            long cpu0 = os.getProcessCpuTime();
            long t0 = System.nanoTime();
            Thread.sleep(seconds * 1000);
            double idlePct = pct(os.getProcessCpuTime() - cpu0, System.nanoTime() - t0);

            Path csv = dir.resolve("round" + r + ".csv");
            Monitor monitor = Monitor.start(new Monitor.Config(url, user, password, csv, interval, address, remote ? token : null));
            long threadId = thread("dbstudy-monitor");
            long th0 = threadId < 0 ? 0 : threads.getThreadCpuTime(threadId);
            long sv0 = serverThreadsCpu(threads);
            cpu0 = os.getProcessCpuTime();
            t0 = System.nanoTime();
            Thread.sleep(seconds * 1000);
            long wall = System.nanoTime() - t0;
            double monitoredPct = pct(os.getProcessCpuTime() - cpu0, wall);
            double threadPct = threadId < 0 ? Double.NaN : pct(threads.getThreadCpuTime(threadId) - th0, wall);
            double serverPct = remote ? pct(serverThreadsCpu(threads) - sv0, wall) : Double.NaN;
            List<String> problems = monitor.problems();
            monitor.close();
            long rows = Files.lines(csv).count() - 1;
            System.out.printf(Locale.ROOT, "round %d%s: idle JVM %.2f %%, with monitor %.2f %%, monitor thread %.2f %%"
                    + "%s of one core; %d rows%s%n", r, r == 0 ? " (warm-up, not counted)" : "", idlePct, monitoredPct,
                    threadPct, remote ? String.format(Locale.ROOT, ", dbstudy monitor's threads %.2f %%", serverPct) : "",
                    rows, problems.isEmpty() ? "" : "; problems: " + problems);
            if (r > 0) {
                idle.add(idlePct);
                monitored.add(monitoredPct);
                thread.add(threadPct);
                serverThread.add(serverPct);
            }
        }
        System.out.printf(Locale.ROOT, "median over %d rounds of %d s at %d ms: idle %.2f %%, with monitor %.2f %%,"
                + " difference %.2f %% of one core; monitor thread %.2f %% (range %.2f-%.2f)%n", rounds, seconds, interval,
                median(idle), median(monitored), median(monitored) - median(idle), median(thread),
                Collections.min(thread), Collections.max(thread));
        if (remote) {
            System.out.printf(Locale.ROOT, "dbstudy monitor's threads (the cost on the database host): median %.2f %%"
                    + " of one core (range %.2f-%.2f)%n", median(serverThread), Collections.min(serverThread),
                    Collections.max(serverThread));
            server.close();
        }
    }

    private static long thread(String name) {
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals(name)) {
                return t.getId();
            }
        }
        return -1;
    }

    /** CPU time of dbstudy monitor's threads (its reading thread and its workers), summed. */
    private static long serverThreadsCpu(ThreadMXBean threads) {
        long sum = 0;
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().startsWith("dbstudy-monitor-server")) {
                sum += Math.max(0, threads.getThreadCpuTime(t.getId()));
            }
        }
        return sum;
    }

    private static double pct(long cpuNanos, long wallNanos) {
        return 100.0 * cpuNanos / wallNanos;
    }

    private static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }
}
