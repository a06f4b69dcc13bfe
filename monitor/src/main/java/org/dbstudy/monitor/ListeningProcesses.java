package org.dbstudy.monitor;

import java.util.HashMap;
import java.util.Map;
import oshi.software.os.InternetProtocolStats.IPConnection;
import oshi.software.os.InternetProtocolStats.TcpState;
import oshi.software.os.OperatingSystem;

/**
 * Which process listens on which TCP port, for {@code dbstudy monitor}'s sessions. Finding it reads
 * every process's sockets (on the measured host, about 100 ms of CPU), so it is done once when the
 * monitor starts and again only when a port is asked for whose process is not known or has ended (a
 * restarted server), at most once per {@link #REFRESH_MILLIS} for a port nothing was seen on: a session
 * for a running server costs a lookup.
 */
final class ListeningProcesses {
    private final OperatingSystem os;
    /** Looking again for a port nothing listened on: not more often than this. */
    static final long REFRESH_MILLIS = 5_000;
    private final Map<Integer, ProcessHandle> byPort = new HashMap<>();
    private long refreshed;

    ListeningProcesses(OperatingSystem os) {
        this.os = os;
        refresh();
    }

    /** The process listening on {@code port}, or -1 when none does (or its owner cannot be read). */
    synchronized int pidOf(int port) {
        ProcessHandle known = byPort.get(port);
        // ProcessHandle compares the start time too: a pid reused by another process is not alive for it.
        boolean ended = known != null && !known.isAlive();
        if (ended || (known == null && System.nanoTime() - refreshed > REFRESH_MILLIS * 1_000_000)) {
            refresh();
            known = byPort.get(port);
        }
        return known == null ? -1 : (int) known.pid();
    }

    private void refresh() {
        refreshed = System.nanoTime();
        byPort.clear();
        for (IPConnection c : os.getInternetProtocolStats().getConnections()) {
            if (c.getState() == TcpState.LISTEN && c.getowningProcessId() > 0) {
                ProcessHandle.of(c.getowningProcessId()).ifPresent(p -> byPort.putIfAbsent(c.getLocalPort(), p));
            }
        }
    }
}
