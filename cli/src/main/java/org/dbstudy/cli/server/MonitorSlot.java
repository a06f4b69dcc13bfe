package org.dbstudy.cli.server;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The connection dbstudy's own monitor holds to the database while a cell runs (its counters are read
 * over SQL). A study that fixes {@code max_connections} counts on that many for its users: on a server
 * dbstudy starts, the setting gets one more, so the observer does not take a slot from the experiment
 * (at exactly max_connections users, the monitor's session once made one user retry every 0.1 s, 6.5 %
 * too_many_connections). On a server the user runs, the report says the monitor holds one.
 */
public final class MonitorSlot {
    /** Sessions the monitor holds during a cell. */
    static final int CONNECTIONS = 1;
    static final String MAX_CONNECTIONS = "max_connections";

    private MonitorSlot() {
    }

    /** The study's server settings as dbstudy applies them to a server it starts: max_connections plus the monitor's. */
    static Map<String, String> withMonitorSlot(Map<String, String> settings) {
        Map<String, String> out = new LinkedHashMap<>(settings);
        String max = out.get(MAX_CONNECTIONS);
        if (max != null) {
            try {
                out.put(MAX_CONNECTIONS, Long.toString(Long.parseLong(max.trim()) + CONNECTIONS));
            } catch (NumberFormatException notANumber) {
                // The study parser checked it; a value it let through is applied as written.
            }
        }
        return out;
    }

    /** Whether a server's value of {@code name} is what the study asked for, or that plus the monitor's slot. */
    public static boolean matches(String name, String wanted, String actual) {
        if (actual == null) {
            return false;
        }
        if (actual.equalsIgnoreCase(wanted)) {
            return true;
        }
        return MAX_CONNECTIONS.equals(name) && actual.equals(withMonitorSlot(Map.of(name, wanted)).get(name));
    }
}
