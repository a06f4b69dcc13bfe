package org.dbstudy.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MonitorPartsTest {
    @Test
    void countersBecomeIncreasesAndStartOverAfterAReset() {
        Deltas d = new Deltas();
        assertEquals(0, d.next("commits", 100), "the first reading is the baseline");
        assertEquals(25, d.next("commits", 125));
        assertEquals(0, d.next("commits", 125));
        assertEquals(7, d.next("commits", 7), "a reset counts from its new value");
        assertEquals(0, d.next("other", 5), "keys are apart");
    }

    @Test
    void numbersAreWrittenTheSameInEveryLocale(@TempDir Path dir) throws Exception {
        java.util.Locale old = java.util.Locale.getDefault();
        try {
            java.util.Locale.setDefault(java.util.Locale.GERMANY);
            Path file = dir.resolve("m.csv");
            try (MonitorCsv csv = new MonitorCsv(file)) {
                csv.write(List.of(new Reading(1700000000123L, "host", "cpu_user_pct", 12.3456, "pct"),
                        new Reading(1700000000123L, "database", "commits", 42, "count")));
            }
            assertEquals(List.of("timeStamp,source,metric,value,unit", "1700000000123,host,cpu_user_pct,12.346,pct",
                    "1700000000123,database,commits,42,count"), Files.readAllLines(file));
        } finally {
            java.util.Locale.setDefault(old);
        }
    }

    @Test
    void theServerAddressComesFromTheJdbcUrl() {
        assertEquals(new ServerAddress("127.0.0.1", 5433), ServerAddress.of("jdbc:postgresql://127.0.0.1:5433/test"));
        assertEquals(new ServerAddress("db.example", 5432), ServerAddress.of("jdbc:postgresql://db.example/test?x=1"));
        assertEquals(new ServerAddress("localhost", 3306), ServerAddress.of("jdbc:mariadb://localhost/test"));
        assertEquals(new ServerAddress("::1", 3307), ServerAddress.of("jdbc:mysql://[::1]:3307/test"));
        assertTrue(ServerAddress.of("jdbc:mysql://127.0.0.1/test").isLocal());
        assertFalse(new ServerAddress("192.0.2.1", 5432).isLocal(), "TEST-NET-1 is nobody's own address");
        assertThrows(IllegalArgumentException.class, () -> ServerAddress.of("jdbc:h2:mem:x"));
    }
}
