package org.dbstudy.databases;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Assumptions;

/**
 * A second network namespace joined to this one by a veth pair, as a second machine on the same network
 * would be: this namespace's end has {@link #hostAddress()}, the other's its own address on a /30 of
 * 10.213.0.0/16 chosen at random (several test JVMs may each make one). A server that listens on every
 * interface is reachable from there at {@link #hostAddress()}; one on loopback only is not. Made by the test,
 * inside this machine, and removed at {@link #close()}. Needs root and iproute2's {@code ip}; without them
 * the test is skipped with a line that says so.
 */
public final class SecondNetworkNamespace implements AutoCloseable {
    private final String name;
    private final String hostLink;
    private final String hostAddress;

    private SecondNetworkNamespace(String name, String hostLink, String hostAddress) {
        this.name = name;
        this.hostLink = hostLink;
        this.hostAddress = hostAddress;
    }

    /** Makes the namespace and its link; skips the calling test where that cannot be done here. */
    public static SecondNetworkNamespace create() {
        String why = unavailable();
        if (why != null) {
            System.err.println("[dbstudy] skipped: a test from a second network namespace needs " + why);
        }
        Assumptions.assumeTrue(why == null, () -> "a test from a second network namespace needs " + why);
        IllegalStateException last = null;
        for (int attempt = 0; attempt < 5; attempt++) {
            int subnet = ThreadLocalRandom.current().nextInt(0, 1 << 14);
            String tag = Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 20, 1 << 24));
            String prefix = "10.213." + (subnet >> 6) + ".";
            int base = (subnet & 63) * 4;
            String hostAddress = prefix + (base + 1);
            String otherAddress = prefix + (base + 2);
            SecondNetworkNamespace ns = new SecondNetworkNamespace("dbstudy-" + tag, "dbh" + tag, hostAddress);
            try {
                ns.ip("netns", "add", ns.name);
                ns.ip("link", "add", ns.hostLink, "type", "veth", "peer", "name", "dbo" + tag);
                ns.ip("link", "set", "dbo" + tag, "netns", ns.name);
                ns.ip("addr", "add", hostAddress + "/30", "dev", ns.hostLink);
                ns.ip("link", "set", ns.hostLink, "up");
                ns.ip("netns", "exec", ns.name, "ip", "addr", "add", otherAddress + "/30", "dev", "dbo" + tag);
                ns.ip("netns", "exec", ns.name, "ip", "link", "set", "dbo" + tag, "up");
                ns.ip("netns", "exec", ns.name, "ip", "link", "set", "lo", "up");
                return ns;
            } catch (IllegalStateException e) {
                ns.close();
                last = e;
            }
        }
        throw last;
    }

    private static String unavailable() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "root (this JVM runs as " + System.getProperty("user.name") + ")";
        }
        if (!new java.io.File("/usr/sbin/ip").canExecute() && !new java.io.File("/sbin/ip").canExecute()) {
            return "iproute2's ip";
        }
        return null;
    }

    /** This namespace's address on the link: where the other namespace reaches a server that listens on it. */
    public String hostAddress() {
        return hostAddress;
    }

    /** Runs {@code command} inside the other namespace, as root, with {@code timeout}. */
    public OtherLocalUser.Result run(Duration timeout, String... command) {
        List<String> argv = new ArrayList<>(List.of(ipCommand(), "netns", "exec", name));
        argv.addAll(List.of(command));
        return OtherLocalUser.Commands.run(argv, timeout);
    }

    /** Whether a TCP connection from the other namespace to {@code host:port} is accepted within 5 s. */
    public boolean canConnect(String host, int port) {
        return run(Duration.ofSeconds(10), "/usr/bin/timeout", "5", "/bin/bash", "-c",
                "exec 3<>/dev/tcp/" + host + "/" + port).succeeded();
    }

    private void ip(String... args) {
        List<String> argv = new ArrayList<>(List.of(ipCommand()));
        argv.addAll(List.of(args));
        OtherLocalUser.Result result = OtherLocalUser.Commands.run(argv, Duration.ofSeconds(20));
        if (!result.succeeded()) {
            throw new IllegalStateException(String.join(" ", argv) + ": " + result.output().strip());
        }
    }

    private static String ipCommand() {
        return new java.io.File("/usr/sbin/ip").canExecute() ? "/usr/sbin/ip" : "/sbin/ip";
    }

    @Override
    public void close() {
        // Deleting the namespace deletes its end of the pair, and with it ours.
        OtherLocalUser.Commands.run(List.of(ipCommand(), "netns", "delete", name), Duration.ofSeconds(20));
        OtherLocalUser.Commands.run(List.of(ipCommand(), "link", "delete", hostLink), Duration.ofSeconds(20));
    }
}
