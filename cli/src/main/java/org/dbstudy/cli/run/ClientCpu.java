package org.dbstudy.cli.run;

import java.time.Duration;
import java.util.Optional;

/**
 * The JMeter process's CPU over a cell's measured window, from the OS's count of its CPU time
 * ({@link ProcessHandle.Info#totalCpuDuration}), read at each look the runner takes: the first look
 * in the window and the last one before the window's designed end (or JMeter's exit). The count is
 * gone once the process has ended, hence readings while it runs. As a percentage of all this machine's
 * cores, the way the monitor counts host CPU.
 */
final class ClientCpu {
    private final int cores;
    private long firstNanos = -1;
    private long firstCpuNanos;
    private long lastNanos = -1;
    private long lastCpuNanos;

    ClientCpu(int cores) {
        this.cores = cores;
    }

    /** A look at {@code nowNanos} inside the measured window, with the CPU time the OS gave (empty: unknown). */
    void inWindow(long nowNanos, Optional<Duration> cpu) {
        if (cpu.isEmpty()) {
            return;
        }
        long cpuNanos = cpu.get().toNanos();
        if (firstNanos < 0) {
            firstNanos = nowNanos;
            firstCpuNanos = cpuNanos;
        } else {
            lastNanos = nowNanos;
            lastCpuNanos = cpuNanos;
        }
    }

    /** CPU time over wall time of all cores, in percent; NaN without two looks in the window. */
    double pct() {
        if (lastNanos <= firstNanos) {
            return Double.NaN;
        }
        return 100.0 * (lastCpuNanos - firstCpuNanos) / ((double) (lastNanos - firstNanos) * cores);
    }
}
