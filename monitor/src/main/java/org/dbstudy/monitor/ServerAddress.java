package org.dbstudy.monitor;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dbstudy.vocabulary.DatabaseKind;

/** Host and port of a JDBC URL, and whether that host is this machine (then its processes can be read). */
record ServerAddress(String host, int port) {
    private static final Pattern URL = Pattern.compile("jdbc:(\\w+)://(\\[[^\\]]+\\]|[^/:?;,]+)(?::(\\d+))?.*");

    static ServerAddress of(String jdbcUrl) {
        Matcher m = URL.matcher(jdbcUrl);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a host-and-port JDBC URL: " + jdbcUrl);
        }
        DatabaseKind kind = DatabaseKind.forUrl(jdbcUrl);
        int port = m.group(3) != null ? Integer.parseInt(m.group(3))
                : (kind == null ? DatabaseKind.MYSQL : kind).defaultPort();
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
