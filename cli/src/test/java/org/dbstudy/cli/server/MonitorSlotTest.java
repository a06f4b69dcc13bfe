package org.dbstudy.cli.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A server dbstudy starts gets the monitor's connection on top of the study's max_connections. */
class MonitorSlotTest {
    @Test
    void maxConnectionsGetsTheMonitorsSlotAndNothingElseChanges() {
        assertEquals(Map.of("max_connections", "101", "work_mem", "4MB"),
                MonitorSlot.withMonitorSlot(Map.of("max_connections", "100", "work_mem", "4MB")));
        assertEquals(Map.of("work_mem", "4MB"), MonitorSlot.withMonitorSlot(Map.of("work_mem", "4MB")));
    }

    @Test
    void preflightAcceptsTheStudysValueOrThatPlusTheMonitorsSlot() {
        assertTrue(MonitorSlot.matches("max_connections", "100", "100"), "a server the user set up");
        assertTrue(MonitorSlot.matches("max_connections", "100", "101"), "a server dbstudy started");
        assertFalse(MonitorSlot.matches("max_connections", "100", "102"));
        assertFalse(MonitorSlot.matches("work_mem", "4MB", "5MB"));
        assertTrue(MonitorSlot.matches("work_mem", "4MB", "4mb"));
        assertFalse(MonitorSlot.matches("max_connections", "100", null));
    }
}
