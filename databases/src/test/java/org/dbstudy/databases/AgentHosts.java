package org.dbstudy.databases;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hosts for JMeter agents in tests: each agent in a network namespace of its own with an address of its
 * own ({@code 10.214.N.11}, {@code .12}, …), joined by a bridge whose host side ({@code 10.214.N.1}) is the
 * runner's address; the database reaches them through a {@link TcpRelay} on that address. Needs root and
 * {@code ip}; where either is missing, {@link #why()} says so and the agents share the host's loopback.
 * {@link #close()} ends what runs in the namespaces and removes them and the bridge; namespaces a killed
 * test JVM left (their names carry its process id) are removed by the next {@link #create}.
 */
public final class AgentHosts implements AutoCloseable {
    private static final Pattern OURS = Pattern.compile("^dbs(\\d+)(?:n\\d+|br)\\b");

    private final String prefix;
    private final List<String> namespaces;
    private final String subnet;
    private final String why;
    private final List<TcpRelay> relays = new ArrayList<>();
    private final Thread onExit = new Thread(this::remove, "agent hosts removal");

    private AgentHosts(String prefix, List<String> namespaces, String subnet, String why) {
        this.prefix = prefix;
        this.namespaces = namespaces;
        this.subnet = subnet;
        this.why = why;
    }

    /** {@code n} agent hosts: namespaces where the machine allows them, else loopback (see {@link #why}). */
    public static AgentHosts create(int n) {
        String prefix = "dbs" + ProcessHandle.current().pid();
        String missing = cannotMakeNamespaces();
        if (missing != null) {
            return new AgentHosts(prefix, List.of(), null, missing);
        }
        removeLeftovers();
        String subnet = freeSubnet();
        List<String> made = new ArrayList<>();
        AgentHosts hosts = new AgentHosts(prefix, made, subnet, null);
        Runtime.getRuntime().addShutdownHook(hosts.onExit);
        try {
            String bridge = prefix + "br";
            ip("link", "add", bridge, "type", "bridge");
            ip("addr", "add", subnet + ".1/24", "dev", bridge);
            ip("link", "set", bridge, "up");
            for (int i = 0; i < n; i++) {
                String ns = prefix + "n" + i;
                ip("netns", "add", ns);
                made.add(ns);
                String outside = prefix + "h" + i;
                String inside = prefix + "a" + i;
                ip("link", "add", outside, "type", "veth", "peer", "name", inside);
                ip("link", "set", inside, "netns", ns);
                ip("link", "set", outside, "master", bridge, "up");
                ip("-n", ns, "addr", "add", hosts.address(i) + "/24", "dev", inside);
                ip("-n", ns, "link", "set", inside, "up");
                ip("-n", ns, "link", "set", "lo", "up");
            }
        } catch (IOException | RuntimeException e) {
            hosts.close();
            throw new IllegalStateException("making agent hosts in network namespaces: " + e.getMessage(), e);
        }
        return hosts;
    }

    /** Null when the agents have hosts of their own; else why they share the loopback. */
    public String why() {
        return why;
    }

    public boolean namespaced() {
        return why == null;
    }

    /** Agent {@code i}'s address: its namespace's, or 127.0.0.1. */
    public String address(int i) {
        return namespaced() ? subnet + "." + (11 + i) : "127.0.0.1";
    }

    /** The runner's address as the agents reach it. */
    public String runnerAddress() {
        return namespaced() ? subnet + ".1" : "127.0.0.1";
    }

    /** {@code command} run on agent {@code i}'s host. */
    public List<String> on(int i, List<String> command) {
        if (!namespaced()) {
            return command;
        }
        List<String> wrapped = new ArrayList<>(List.of("ip", "netns", "exec", namespaces.get(i)));
        wrapped.addAll(command);
        return wrapped;
    }

    /**
     * A JDBC URL of the same database that the agents reach too: its host and port replaced by a relay on
     * the runner's address to the server (the server sees connections from its own host, as before).
     */
    public String reachable(String jdbcUrl) throws IOException {
        if (!namespaced()) {
            return jdbcUrl;
        }
        Matcher m = Pattern.compile("^(jdbc:[a-z]+://)([^/:]+)(?::(\\d+))?(/.*)$").matcher(jdbcUrl);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a host:port JDBC URL: " + jdbcUrl);
        }
        int port = m.group(3) != null ? Integer.parseInt(m.group(3)) : jdbcUrl.startsWith("jdbc:postgresql") ? 5432 : 3306;
        TcpRelay relay = TcpRelay.start(new InetSocketAddress(InetAddress.getByName(runnerAddress()), 0),
                new InetSocketAddress(m.group(2), port));
        relays.add(relay);
        return m.group(1) + runnerAddress() + ":" + relay.port() + m.group(4);
    }

    @Override
    public void close() {
        remove();
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException exiting) {
            // The JVM is exiting: the hook runs remove() again, which finds nothing left.
        }
    }

    private synchronized void remove() {
        relays.forEach(TcpRelay::close);
        relays.clear();
        for (int i = 0; i < namespaces.size(); i++) {
            killInside(namespaces.get(i));
            // Deleting our end removes the pair now; the namespace's own teardown may come later, and a
            // next AgentHosts in this JVM makes links of the same names.
            quietly("link", "del", prefix + "h" + i);
            quietly("netns", "del", namespaces.get(i));
        }
        namespaces.clear();
        if (subnet != null) {
            quietly("link", "del", prefix + "br");
        }
    }

    /** Ends what this test started in its namespace (the agents), so the namespace can go. */
    private static void killInside(String ns) {
        try {
            for (String pid : run(List.of("ip", "netns", "pids", ns)).split("\\s+")) {
                if (!pid.isBlank()) {
                    ProcessHandle.of(Long.parseLong(pid.trim())).ifPresent(ProcessHandle::destroyForcibly);
                }
            }
        } catch (IOException | RuntimeException e) {
            // Gone already, or never there.
        }
    }

    /** Namespaces and bridges of test JVMs that no longer run. */
    private static void removeLeftovers() {
        try {
            List<String> names = new ArrayList<>();
            for (String line : run(List.of("ip", "netns", "list")).split("\n")) {
                names.add(line.split("\\s")[0]);
            }
            for (String line : run(List.of("ip", "-o", "link", "show", "type", "bridge")).split("\n")) {
                String[] parts = line.split(":\\s*");
                if (parts.length > 1) {
                    names.add(parts[1].split("@")[0]);
                }
            }
            for (String name : names) {
                Matcher m = OURS.matcher(name);
                if (m.find() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
                    if (name.endsWith("br")) {
                        quietly("link", "del", name);
                    } else {
                        killInside(name);
                        quietly("netns", "del", name);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            // Nothing to clean, or not allowed: create() finds out.
        }
    }

    /** A 10.214.N.0/24 that no interface of this host has an address in (another test JVM's bridge). */
    private static String freeSubnet() {
        for (int attempt = 0; attempt < 20; attempt++) {
            String subnet = "10.214." + ThreadLocalRandom.current().nextInt(1, 255);
            try {
                if (run(List.of("ip", "-o", "addr", "show", "to", subnet + ".0/24")).isBlank()) {
                    return subnet;
                }
            } catch (IOException e) {
                return subnet;
            }
        }
        throw new IllegalStateException("no free 10.214.N.0/24 for agent hosts after 20 tries");
    }

    /** Why this machine cannot make network namespaces here, or null. */
    private static String cannotMakeNamespaces() {
        if (!"root".equals(System.getProperty("user.name"))) {
            return "network namespaces need root (running as " + System.getProperty("user.name") + ")";
        }
        String probe = "dbs" + ProcessHandle.current().pid() + "n99";
        try {
            ip("netns", "add", probe);
            quietly("netns", "del", probe);
            return null;
        } catch (IOException | RuntimeException e) {
            return "cannot make a network namespace ('ip netns add': " + e.getMessage() + ")";
        }
    }

    private static void ip(String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("ip"));
        cmd.addAll(List.of(args));
        run(cmd);
    }

    private static void quietly(String... args) {
        try {
            ip(args);
        } catch (IOException | RuntimeException e) {
            // Already gone.
        }
    }

    private static String run(List<String> cmd) throws IOException {
        OtherLocalUser.Result result = OtherLocalUser.Commands.run(cmd, Duration.ofSeconds(30));
        if (!result.succeeded()) {
            throw new IOException(String.join(" ", cmd) + ": " + result.output().strip());
        }
        return result.output();
    }
}
