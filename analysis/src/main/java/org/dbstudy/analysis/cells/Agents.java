package org.dbstudy.analysis.cells;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which JMeter agent ran a sample. In distributed runs JMeter prefixes thread names with the
 * agent, {@code 127.0.0.1:1099-users 1-1}; anything else ran locally.
 */
public final class Agents {
    public static final String LOCAL = "local";
    private static final Pattern REMOTE = Pattern.compile("^(\\S+?:\\d+)-");

    private final Map<String, String> byThread = new HashMap<>();

    /** Cached per thread name: a run has few threads and many samples. */
    public String of(String threadName) {
        return byThread.computeIfAbsent(threadName, Agents::parse);
    }

    public static String parse(String threadName) {
        Matcher m = REMOTE.matcher(threadName);
        return m.find() ? m.group(1) : LOCAL;
    }
}
