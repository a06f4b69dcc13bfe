package org.dbstudy.monitor;

import static org.dbstudy.vocabulary.files.MonitorColumns.CPU_PCT;
import static org.dbstudy.vocabulary.files.MonitorColumns.RSS_BYTES;
import static org.dbstudy.vocabulary.files.MonitorColumns.SERVER;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import oshi.driver.linux.proc.ProcessStat;
import oshi.driver.linux.proc.ProcessStat.PidStat;
import oshi.software.os.linux.LinuxOperatingSystem;
import oshi.util.tuples.Triplet;

/**
 * The database server's own processes on Linux: the main process (PostgreSQL's postmaster,
 * mariadbd or mysqld) and its children (PostgreSQL's backend per connection), read through OSHI's
 * {@code /proc/<pid>/stat} driver.
 *
 * <p>CPU is user + system time over the interval in % of one core, of the live processes plus the
 * main process's reaped children: so a backend that lived and ended between two samples still
 * counts. Resident memory is summed over the processes (PostgreSQL's shared buffers count once per
 * backend that touched them, as top shows it) and given for the main process alone. The children are
 * looked for every {@link #RESCAN_EVERY} samples in the kernel's list of them ({@link #kernelChildren};
 * where the kernel has none, by reading every process's stat);
 * every sample also reads the process ids the server lists itself ({@code pg_stat_activity}), so a
 * new PostgreSQL backend is seen within a second: its CPU is counted in the second it is spent, not
 * all at once when a search finds it.
 */
final class ServerProcessProbe implements Probe {
    static final int RESCAN_EVERY = 5;
    /** Whether this kernel lists a process's children (CONFIG_PROC_CHILDREN, Linux 3.5 and later). */
    private static final boolean CHILDREN_LISTS = Files.isReadable(Path.of("/proc/self/task/"
            + ProcessHandle.current().pid() + "/children"));
    private static final String SOURCE = SERVER;

    private final int mainPid;
    private final Supplier<List<Integer>> listedByServer;
    private final double millisPerTick = 1000.0 / LinuxOperatingSystem.getHz();
    private final long pageSize = LinuxOperatingSystem.getPageSize();
    /** Children found so far and still alive: kept until they end, so that their time never drops out. */
    private final Set<Integer> children = new LinkedHashSet<>();
    private int sinceRescan;
    private long lastTicks;
    private long lastReadNanos;

    /** {@code listedByServer}: process ids the server itself reports, or an empty list (MariaDB: one process). */
    ServerProcessProbe(int mainPid, Supplier<List<Integer>> listedByServer) {
        this.mainPid = mainPid;
        this.listedByServer = listedByServer;
        rescan();
        this.lastTicks = read().ticks();
        this.lastReadNanos = System.nanoTime();
    }

    /** CPU ticks (live processes + the main process's reaped children), resident pages, live processes. */
    private record Snapshot(long ticks, long pages, long mainPages, int processes) {
    }

    @Override
    public List<Reading> sample(long now) {
        if (++sinceRescan >= RESCAN_EVERY) {
            rescan();
        }
        Snapshot s = read();
        // The time between the two reads themselves, not between the samples' start: the database
        // counters read before this may take a while on a loaded host.
        long readNanos = System.nanoTime();
        double elapsed = Math.max(1, (readNanos - lastReadNanos) / 1e6);
        double cpu = Math.max(0, s.ticks() - lastTicks) * millisPerTick;
        lastTicks = s.ticks();
        lastReadNanos = readNanos;
        List<Reading> out = new ArrayList<>();
        out.add(new Reading(now, SOURCE, "processes", s.processes(), "count"));
        out.add(new Reading(now, SOURCE, CPU_PCT, 100.0 * cpu / elapsed, "pct_of_one_core"));
        out.add(new Reading(now, SOURCE, RSS_BYTES, s.pages() * pageSize, "bytes"));
        out.add(new Reading(now, SOURCE, "rss_main_bytes", s.mainPages() * pageSize, "bytes"));
        return out;
    }

    private Snapshot read() {
        Map<PidStat, Long> main = stat(mainPid);
        if (main == null) {
            return new Snapshot(lastTicks, 0, 0, 0);
        }
        long ticks = main.get(PidStat.UTIME) + main.get(PidStat.STIME) + main.get(PidStat.CUTIME) + main.get(PidStat.CSTIME);
        long pages = main.get(PidStat.RSS);
        int live = 1;
        children.addAll(listedByServer.get());
        children.remove(mainPid);
        for (var it = children.iterator(); it.hasNext(); ) {
            Map<PidStat, Long> child = stat(it.next());
            // A child that ended is in the main process's CUTIME/CSTIME once reaped; a reused pid is no longer a child.
            if (child != null && child.get(PidStat.PPID) == mainPid) {
                ticks += child.get(PidStat.UTIME) + child.get(PidStat.STIME);
                pages += child.get(PidStat.RSS);
                live++;
            } else {
                it.remove();
            }
        }
        return new Snapshot(ticks, pages, main.get(PidStat.RSS), live);
    }

    private void rescan() {
        sinceRescan = 0;
        List<Integer> listed = kernelChildren(mainPid);
        if (listed != null) {
            children.addAll(listed);
            return;
        }
        for (File f : ProcessStat.getPidFiles()) {
            int pid = Integer.parseInt(f.getName());
            Map<PidStat, Long> stat = stat(pid);
            if (stat != null && stat.get(PidStat.PPID) == mainPid) {
                children.add(pid);
            }
        }
    }

    /**
     * The process's children as the kernel lists them per thread ({@code /proc/PID/task/TID/children}):
     * a few small reads instead of every process's stat. Null where the kernel keeps no such list.
     */
    static List<Integer> kernelChildren(int pid) {
        if (!CHILDREN_LISTS) {
            return null;
        }
        File[] tasks = new File("/proc/" + pid + "/task").listFiles();
        List<Integer> out = new ArrayList<>();
        for (File task : tasks == null ? new File[0] : tasks) {
            try {
                for (String child : Files.readString(task.toPath().resolve("children"), StandardCharsets.US_ASCII).split("\\s+")) {
                    if (!child.isEmpty()) {
                        out.add(Integer.parseInt(child));
                    }
                }
            } catch (IOException threadEnded) {
                // A thread that ended between the listing and the read has no children to give.
            }
        }
        return out;
    }

    /** The process's stat fields, or null when it is gone. */
    private static Map<PidStat, Long> stat(int pid) {
        Triplet<String, Character, Map<PidStat, Long>> t = ProcessStat.getPidStats(pid);
        return t == null || t.getC().isEmpty() ? null : t.getC();
    }
}
