import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The driver floor of the sampler benchmark: THREADS threads, each with one connection and its
 * prepared statements, running QUERY for SECONDS as fast as the server answers; rows are read with
 * next() only. QUERY "tpcb" runs pgbench's five TPC-B statements in one transaction.
 * Prints "done EPOCH_MS SAMPLES" every 100 ms while it runs (for a CPU window that skips the warm-up),
 * then the number of samples (queries, or transactions) done. Its threads are named users-N.
 *
 *   javac -cp postgresql.jar -d out DriverLoop.java && java -cp postgresql.jar:out DriverLoop URL USER THREADS SECONDS QUERY
 */
public class DriverLoop {
    static final String[] TPCB = {
        "UPDATE pgbench_accounts SET abalance = abalance + ? WHERE aid = ?",
        "SELECT abalance FROM pgbench_accounts WHERE aid = ?",
        "UPDATE pgbench_tellers SET tbalance = tbalance + ? WHERE tid = ?",
        "UPDATE pgbench_branches SET bbalance = bbalance + ? WHERE bid = ?",
        "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)"};

    public static void main(String[] a) throws Exception {
        String url = a[0];
        String user = a[1];
        int threads = Integer.parseInt(a[2]);
        long end = System.nanoTime() + Long.parseLong(a[3]) * 1_000_000_000L;
        String query = a[4];
        AtomicLong done = DONE;
        List<Thread> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread th = new Thread(() -> {
                try (Connection c = DriverManager.getConnection(url, user, "")) {
                    if ("tpcb".equals(query)) {
                        tpcb(c, end);
                    } else {
                        select(c, query, end);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }, "users-" + t);
            th.start();
            all.add(th);
        }
        Thread progress = new Thread(() -> {
            try {
                while (true) {
                    System.out.println("done " + System.currentTimeMillis() + " " + done.get());
                    Thread.sleep(100);
                }
            } catch (InterruptedException e) {
                // the run is over
            }
        }, "progress");
        progress.setDaemon(true);
        progress.start();
        for (Thread th : all) {
            th.join();
        }
        progress.interrupt();
        System.out.println(done.get());
    }

    /** Samples done by all threads, counted as they happen (the progress lines read it). */
    static final AtomicLong DONE = new AtomicLong();

    static void select(Connection c, String sql, long end) throws Exception {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            while (System.nanoTime() < end) {
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        // rows are consumed, not converted, as the dbstudy sampler does
                    }
                }
                DONE.incrementAndGet();
            }
        }
    }

    static void tpcb(Connection c, long end) throws Exception {
        c.setAutoCommit(false);
        PreparedStatement[] ps = new PreparedStatement[TPCB.length];
        for (int i = 0; i < ps.length; i++) {
            ps[i] = c.prepareStatement(TPCB[i]);
        }
        ThreadLocalRandom r = ThreadLocalRandom.current();
        while (System.nanoTime() < end) {
            long aid = r.nextLong(1, 100_001);
            long tid = r.nextLong(1, 11);
            long bid = 1;
            long delta = r.nextLong(-5000, 5001);
            ps[0].setLong(1, delta); ps[0].setLong(2, aid); ps[0].executeUpdate();
            ps[1].setLong(1, aid);
            try (ResultSet rs = ps[1].executeQuery()) {
                while (rs.next()) {
                    // consumed
                }
            }
            ps[2].setLong(1, delta); ps[2].setLong(2, tid); ps[2].executeUpdate();
            ps[3].setLong(1, delta); ps[3].setLong(2, bid); ps[3].executeUpdate();
            ps[4].setLong(1, tid); ps[4].setLong(2, bid); ps[4].setLong(3, aid); ps[4].setLong(4, delta); ps[4].executeUpdate();
            c.commit();
            DONE.incrementAndGet();
        }
    }
}
