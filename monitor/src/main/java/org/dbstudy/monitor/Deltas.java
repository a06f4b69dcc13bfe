package org.dbstudy.monitor;

import java.util.HashMap;
import java.util.Map;

/**
 * Turns cumulative counters (commits, bytes read, CPU ticks) into their increase since the last
 * reading of the same key. The first reading of a key is its baseline and gives 0; a counter that
 * went backwards (a server restart, a statistics reset) starts over from its new value.
 */
final class Deltas {
    private final Map<String, Double> last = new HashMap<>();

    double next(String key, double value) {
        Double previous = last.put(key, value);
        if (previous == null) {
            return 0;
        }
        return value >= previous ? value - previous : value;
    }
}
