package org.dbstudy.analysis.cells;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Failed samples counted by response code and message (as JMeter's dashboard lists its "Top 5
 * Errors by sampler"): at most {@link #DISTINCT} different texts, each cut to {@link #LENGTH}
 * characters; the rest are counted together. Failed samples only, so memory stays small.
 */
public final class ErrorMessages {
    public static final int DISTINCT = 100;
    public static final int LENGTH = 200;
    /** The text under which messages beyond {@link #DISTINCT} are counted. */
    public static final String OTHERS = "(other messages)";

    /** A response code and message with its count. */
    public record Count(String code, String message, long count) {
    }

    private final Map<String, long[]> counts = new LinkedHashMap<>();

    public void add(String code, String message) {
        add(key(code, message), 1);
    }

    private void add(String key, long n) {
        long[] c = counts.get(key);
        if (c == null) {
            if (counts.size() >= DISTINCT && !key.equals(OTHERS)) {
                add(OTHERS, n);
                return;
            }
            c = new long[1];
            counts.put(key, c);
        }
        c[0] += n;
    }

    public void addAll(ErrorMessages other) {
        other.counts.forEach((k, c) -> add(k, c[0]));
    }

    /** The most frequent first (ties in first-seen order), at most {@code limit}. */
    public List<Count> top(int limit) {
        List<Map.Entry<String, long[]>> entries = new ArrayList<>(counts.entrySet());
        entries.sort(Comparator.comparingLong((Map.Entry<String, long[]> e) -> -e.getValue()[0]));
        List<Count> out = new ArrayList<>();
        for (Map.Entry<String, long[]> e : entries.subList(0, Math.min(limit, entries.size()))) {
            int tab = e.getKey().indexOf('\t');
            out.add(tab < 0 ? new Count("", e.getKey(), e.getValue()[0])
                    : new Count(e.getKey().substring(0, tab), e.getKey().substring(tab + 1), e.getValue()[0]));
        }
        return out;
    }

    public boolean isEmpty() {
        return counts.isEmpty();
    }

    private static String key(String code, String message) {
        String m = message == null ? "" : message.strip();
        if (m.length() > LENGTH) {
            m = m.substring(0, LENGTH) + "…";
        }
        return (code == null ? "" : code.strip()) + "\t" + m;
    }
}
