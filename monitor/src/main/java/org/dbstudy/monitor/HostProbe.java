package org.dbstudy.monitor;

import static org.dbstudy.vocabulary.files.MonitorColumns.CPUS;
import static org.dbstudy.vocabulary.files.MonitorColumns.CPU_IDLE_PCT;
import static org.dbstudy.vocabulary.files.MonitorColumns.CPU_STEAL_PCT;
import static org.dbstudy.vocabulary.files.MonitorColumns.HOST;
import static org.dbstudy.vocabulary.files.MonitorColumns.MEM_TOTAL_BYTES;
import static org.dbstudy.vocabulary.files.MonitorColumns.MEM_USED_BYTES;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * {@code /proc/diskstats} driver in one go (whole disks only, sectors of 512 bytes) and the interfaces
 * from {@code /proc/net/dev}: updating each disk store or interface separately costs several times more CPU.
 */
final class HostProbe implements Probe {
    private static final String SOURCE = HOST;

    private final Devices devices;
    private final CentralProcessor cpu;
    private final GlobalMemory memory;
    private final Deltas deltas = new Deltas();
    private long[] lastTicks;

    /** Finds the host's disks and interfaces (tens of ms) and takes the baseline. */
    HostProbe(HardwareAbstractionLayer hal) {
        this(new Devices(hal));
    }

    /** Takes the baseline over disks and interfaces found before: what {@code dbstudy monitor} does per session. */
    HostProbe(Devices devices) {
        this.devices = devices;
        this.cpu = devices.cpu;
        this.memory = devices.memory;
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
        long[] io = devices.io();
        return List.of(
                new Reading(now, SOURCE, "disk_read_bytes", deltas.next("disk_read", io[0]), "bytes"),
                new Reading(now, SOURCE, "disk_write_bytes", deltas.next("disk_write", io[1]), "bytes"),
                new Reading(now, SOURCE, "net_rx_bytes", deltas.next("net_rx", io[2]), "bytes"),
                new Reading(now, SOURCE, "net_tx_bytes", deltas.next("net_tx", io[3]), "bytes"));
    }

    /**
     * The host's processor, memory, whole disks and interfaces, found once: finding them reads udev and
     * every interface (the larger part of what opening a remote session cost), and they do not change
     * while a monitor runs. Several sessions of {@code dbstudy monitor} read them at once.
     */
    static final class Devices {
        private static final Path NET_DEV = Path.of("/proc/net/dev");
        private final CentralProcessor cpu;
        private final GlobalMemory memory;
        private final List<HWDiskStore> disks;
        private final Set<String> diskNames;
        private final List<NetworkIF> interfaces;
        /** On Linux, the interfaces' names, read together from {@link #NET_DEV}; null elsewhere. */
        private final Set<String> interfaceNames;

        Devices(HardwareAbstractionLayer hal) {
            this.cpu = hal.getProcessor();
            this.memory = hal.getMemory();
            this.disks = hal.getDiskStores();
            this.diskNames = SystemInfo.getCurrentPlatform() != PlatformEnum.LINUX ? null
                    : disks.stream().map(d -> d.getName().replaceFirst("^/dev/", "")).collect(Collectors.toSet());
            this.interfaces = hal.getNetworkIFs(true);
            this.interfaceNames = diskNames == null || !Files.isReadable(NET_DEV) ? null
                    : interfaces.stream().map(NetworkIF::getName).collect(Collectors.toSet());
        }

        /** Bytes read and written on all whole disks, received and sent on all interfaces, since boot. */
        synchronized long[] io() {
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
            long[] net = interfaceNames != null ? netDev() : null;
            if (net == null) {
                net = new long[2];
                for (NetworkIF n : interfaces) {
                    n.updateAttributes();
                    net[0] += n.getBytesRecv();
                    net[1] += n.getBytesSent();
                }
            }
            return new long[] {read, written, net[0], net[1]};
        }

        /**
         * Bytes received and sent by the interfaces, from {@code /proc/net/dev} in one read (updating each
         * interface reads a dozen files of its own: most of a session's baseline); null when unreadable.
         */
        private long[] netDev() {
            long[] out = new long[2];
            try {
                for (String line : Files.readAllLines(NET_DEV, StandardCharsets.US_ASCII)) {
                    int colon = line.indexOf(':');
                    if (colon > 0 && interfaceNames.contains(line.substring(0, colon).trim())) {
                        // name: rx bytes, packets, errs, drop, fifo, frame, compressed, multicast, tx bytes, ...
                        String[] f = line.substring(colon + 1).trim().split("\\s+");
                        out[0] += Long.parseLong(f[0]);
                        out[1] += Long.parseLong(f[8]);
                    }
                }
                return out;
            } catch (IOException | RuntimeException unreadable) {
                return null;
            }
        }
    }
}
