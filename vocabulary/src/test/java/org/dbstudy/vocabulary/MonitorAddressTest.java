package org.dbstudy.vocabulary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MonitorAddressTest {
    @Test
    void hostAndPortRoundTrip() {
        assertEquals(new MonitorAddress("db1.example", 7070), MonitorAddress.parse("db1.example:7070"));
        assertEquals("db1.example:7070", MonitorAddress.parse(" db1.example:7070 ").toString());
        assertEquals(new MonitorAddress("::1", 7070), MonitorAddress.parse("[::1]:7070"));
        assertEquals("http://[::1]:7070/", MonitorAddress.parse("[::1]:7070").httpBase());
        assertEquals("http://127.0.0.1:1/", MonitorAddress.parse("127.0.0.1:1").httpBase());
    }

    @Test
    void anythingElseIsRefusedWithTheReason() {
        for (String bad : new String[] {"db1.example", ":7070", "db1:0", "db1:65536", "db1:70a", "http://db1:7070", ""}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MonitorAddress.parse(bad), bad);
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> MonitorAddress.parse(null));
    }
}
