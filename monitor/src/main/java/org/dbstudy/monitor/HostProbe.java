package org.dbstudy.monitor;

import static org.dbstudy.vocabulary.MonitorColumns.CPUS;
import static org.dbstudy.vocabulary.MonitorColumns.CPU_IDLE_PCT;
import static org.dbstudy.vocabulary.MonitorColumns.CPU_STEAL_PCT;
import static org.dbstudy.vocabulary.MonitorColumns.HOST;
import static org.dbstudy.vocabulary.MonitorColumns.MEM_TOTAL_BYTES;
import static org.dbstudy.vocabulary.MonitorColumns.MEM_USED_BYTES;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import oshi.PlatformEnum;
import oshi.SystemInfo;
import oshi.driver.linux.proc.DiskStats;
import oshi.driver.linux.proc.DiskStats.IoStat;
import oshi.hardware.CentralProcessor;
import oshi.hardware.CentralProcessor.TickType;
import oshi.hardware.GlobalMemory;
import oshi.hardware.HWDiskStore;
import oshi.hardware.HardwareAbstractionLayer;
import oshi.hardware.NetworkIF;

/**
 * The host's CPU (user, system, iowait, idle, in % of all cores; the number of logical processors),
 * memory, and disk and network I/O (bytes per interval, summed over all disks and all interfaces,
 * loopback included: a client and a server on one host talk over it), through OSHI. On Linux the disks are read from OSHI's
 * {@code /proc/diskstats} driver in one go (whole disks only, sectors of 512 bytes): updating each
 * disk store separately costs several times more CPU.
 */
final class HostProbe implements Probe {
    private static final String SOURCE = HOST;

    private final CentralProcessor cpu;
    private final GlobalMemory memory;
    private final List<HWDiskStore> disks;
    private final Set<String> diskNames;
    private final List<NetworkIF> interfaces;
    private final Deltas deltas = new Deltas();
    private long[] lastTicks;

    HostProbe(HardwareAbstractionLayer hal) {
        this.cpu = hal.getProcessor();
        this.memory = hal.getMemory();
        this.disks = hal.getDiskStores();
        this.diskNames = SystemInfo.getCurrentPlatform() != PlatformEnum.LINUX ? null
                : disks.stream().map(d -> d.getName().replaceFirst("^/dev/", "")).collect(Collectors.toSet());
        this.interfaces = hal.getNetworkIFs(true);
        this.lastTicks = cpu.getSystemCpuLoadTicks();
        sampleIo(0);
    }

    @Override
    public List<Reading> sample(long now) {
        List<Reading> out = new ArrayList<>();
        long[] ticks = cpu.getSystemCpuLoadTicks();
        long total = 0;
        for (int i = 0; i < ticks.length; i++) {
            total += ticks[i] - lastTicks[i];
        }
        // user includes nice; system includes irq and softirq, as top shows them together.
        out.add(cpu(now, "cpu_user_pct", ticks, total, TickType.USER, TickType.NICE));
        out.add(cpu(now, "cpu_system_pct", ticks, total, TickType.SYSTEM, TickType.IRQ, TickType.SOFTIRQ));
        out.add(cpu(now, "cpu_iowait_pct", ticks, total, TickType.IOWAIT));
        out.add(cpu(now, CPU_STEAL_PCT, ticks, total, TickType.STEAL));
        out.add(cpu(now, CPU_IDLE_PCT, ticks, total, TickType.IDLE));
        // Logical processors: turns the server processes' CPU (% of one core) into a share of the host.
        out.add(new Reading(now, SOURCE, CPUS, cpu.getLogicalProcessorCount(), "count"));
        lastTicks = ticks;
        long totalMemory = memory.getTotal();
        out.add(new Reading(now, SOURCE, MEM_USED_BYTES, totalMemory - memory.getAvailable(), "bytes"));
        out.add(new Reading(now, SOURCE, MEM_TOTAL_BYTES, totalMemory, "bytes"));
        out.addAll(sampleIo(now));
        return out;
    }

    private Reading cpu(long now, String metric, long[] ticks, long total, TickType... types) {
        long used = 0;
        for (TickType t : types) {
            used += ticks[t.getIndex()] - lastTicks[t.getIndex()];
        }
        return new Reading(now, SOURCE, metric, total <= 0 ? 0 : 100.0 * used / total, "pct");
    }

    private List<Reading> sampleIo(long now) {
        long read = 0;
        long written = 0;
        if (diskNames != null) {
            for (Map.Entry<String, Map<IoStat, Long>> d : DiskStats.getDiskStats().entrySet()) {
                if (diskNames.contains(d.getKey())) {
                    read += d.getValue().getOrDefault(IoStat.READS_SECTOR, 0L) * 512;
                    written += d.getValue().getOrDefault(IoStat.WRITES_SECTOR, 0L) * 512;
                }
            }
        } else {
            for (HWDiskStore d : disks) {
                d.updateAttributes();
                read += d.getReadBytes();
                written += d.getWriteBytes();
            }
        }
        long received = 0;
        long sent = 0;
        for (NetworkIF n : interfaces) {
            n.updateAttributes();
            received += n.getBytesRecv();
            sent += n.getBytesSent();
        }
        return List.of(
                new Reading(now, SOURCE, "disk_read_bytes", deltas.next("disk_read", read), "bytes"),
                new Reading(now, SOURCE, "disk_write_bytes", deltas.next("disk_write", written), "bytes"),
                new Reading(now, SOURCE, "net_rx_bytes", deltas.next("net_rx", received), "bytes"),
                new Reading(now, SOURCE, "net_tx_bytes", deltas.next("net_tx", sent), "bytes"));
    }
}
