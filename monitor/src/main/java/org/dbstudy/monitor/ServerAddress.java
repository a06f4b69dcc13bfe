package org.dbstudy.monitor;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Host and port of a JDBC URL, and whether that host is this machine (then its processes can be read). */
record ServerAddress(String host, int port) {
    private static final Pattern URL = Pattern.compile("jdbc:(\\w+)://(\\[[^\\]]+\\]|[^/:?;,]+)(?::(\\d+))?.*");

    static ServerAddress of(String jdbcUrl) {
        Matcher m = URL.matcher(jdbcUrl);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a host-and-port JDBC URL: " + jdbcUrl);
        }
        int port = m.group(3) != null ? Integer.parseInt(m.group(3)) : "postgresql".equals(m.group(1)) ? 5432 : 3306;
        return new ServerAddress(m.group(2).replace("[", "").replace("]", ""), port);
    }

    boolean isLocal() {
        try {
            InetAddress address = InetAddress.getByName(host);
            return address.isLoopbackAddress() || address.isAnyLocalAddress()
                    || NetworkInterface.getByInetAddress(address) != null;
        } catch (UnknownHostException | SocketException e) {
            return false;
        }
    }
}
