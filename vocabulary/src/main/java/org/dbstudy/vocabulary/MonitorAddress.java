package org.dbstudy.vocabulary;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a {@code dbstudy monitor} listens on a database server's host, as a study target or a command
 * line names it: {@code HOST:PORT} ({@code [::1]:7070} for an IPv6 address). Parsed in one place, so the
 * study file, the command line and the runner's monitor accept the same words.
 */
public record MonitorAddress(String host, int port) {
    /** What a valid address looks like, for messages. */
    public static final String VALID = "HOST:PORT of a 'dbstudy monitor' on the database server's host, e.g. db1.example:7070";
    private static final Pattern FORM = Pattern.compile("(\\[[0-9A-Fa-f:.]+\\]|[A-Za-z0-9][A-Za-z0-9.-]*):(\\d{1,5})");

    /** The address, or an {@link IllegalArgumentException} whose message says what is wrong. */
    public static MonitorAddress parse(String text) {
        Matcher m = FORM.matcher(text == null ? "" : text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not HOST:PORT");
        }
        int port = Integer.parseInt(m.group(2));
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("'" + text + "': port " + port + " is not from 1 to 65535");
        }
        return new MonitorAddress(m.group(1).replace("[", "").replace("]", ""), port);
    }

    /** The base of the monitor's HTTP interface. */
    public String httpBase() {
        return "http://" + this + "/";
    }

    @Override
    public String toString() {
        return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
    }
}
