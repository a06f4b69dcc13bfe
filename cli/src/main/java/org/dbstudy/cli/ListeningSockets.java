package org.dbstudy.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The TCP addresses a process listens on, as the kernel sees them (Linux: the process's socket inodes
 * in {@code /proc/PID/fd} matched with the LISTEN rows of {@code /proc/net/tcp} and {@code tcp6}), so
 * {@code dbstudy agent} says where it really listens rather than where it asked to.
 */
final class ListeningSockets {
    private static final String LISTEN = "0A";

    private ListeningSockets() {
    }

    /** The process's listening addresses; empty when this system has no {@code /proc} to read. */
    static Optional<List<InetSocketAddress>> of(long pid) {
        Path fds = Paths.get("/proc", Long.toString(pid), "fd");
        if (!Files.isDirectory(fds)) {
            return Optional.empty();
        }
        try {
            Set<String> inodes = new HashSet<>();
            try (DirectoryStream<Path> links = Files.newDirectoryStream(fds)) {
                for (Path link : links) {
                    try {
                        String target = Files.readSymbolicLink(link).toString();
                        if (target.startsWith("socket:[")) {
                            inodes.add(target.substring(8, target.length() - 1));
                        }
                    } catch (IOException closedMeanwhile) {
                        // the descriptor was closed while listing: not a listener
                    }
                }
            }
            List<InetSocketAddress> out = new ArrayList<>();
            for (String table : List.of("/proc/" + pid + "/net/tcp", "/proc/" + pid + "/net/tcp6")) {
                Path file = Paths.get(table);
                if (Files.isReadable(file)) {
                    out.addAll(listening(Files.readAllLines(file), inodes));
                }
            }
            return Optional.of(out);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** LISTEN rows of a {@code /proc/net/tcp(6)} table whose inode is one of {@code inodes}. */
    static List<InetSocketAddress> listening(List<String> table, Set<String> inodes) throws UnknownHostException {
        List<InetSocketAddress> out = new ArrayList<>();
        for (String line : table.subList(Math.min(1, table.size()), table.size())) {
            String[] f = line.trim().split("\\s+");
            if (f.length > 9 && f[3].equals(LISTEN) && inodes.contains(f[9])) {
                String[] local = f[1].split(":");
                out.add(new InetSocketAddress(address(local[0]), Integer.parseInt(local[1], 16)));
            }
        }
        return out;
    }

    /** The kernel prints addresses as 32-bit words in host (little-endian) order. */
    static InetAddress address(String hex) throws UnknownHostException {
        byte[] bytes = new byte[hex.length() / 2];
        for (int word = 0; word < bytes.length / 4; word++) {
            for (int b = 0; b < 4; b++) {
                int from = word * 8 + (3 - b) * 2;
                bytes[word * 4 + b] = (byte) Integer.parseInt(hex.substring(from, from + 2), 16);
            }
        }
        return InetAddress.getByAddress(bytes);
    }

    /** {@code 127.0.0.1:31099}, {@code *:31099} for the wildcard, IPv6 in brackets. */
    static String show(InetSocketAddress a) {
        InetAddress ip = a.getAddress();
        String host = ip.isAnyLocalAddress() ? "*" : ip.getHostAddress().contains(":") ? "[" + ip.getHostAddress() + "]"
                : ip.getHostAddress();
        return host + ":" + a.getPort();
    }
}
