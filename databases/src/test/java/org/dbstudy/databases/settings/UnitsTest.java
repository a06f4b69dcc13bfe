package org.dbstudy.databases.settings;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Setting values compare in the setting's unit, as PostgreSQL and MariaDB show and take them. */
class UnitsTest {
    @ParameterizedTest
    @CsvSource({
            "1GB, 1GB, 8kB", "1GB, 1024MB, 8kB", "131072, 1GB, 8kB", "64MB, 65536, kB", "4GB, 524288, 8kB",
            "1min, 60, s", "5min, 300s, s", "1min, 60000ms, ms", "1.1, 1.1, ", "4, 4, ", "on, on, ", "on, true, ",
            "pool-of-threads, pool-of-threads, ", "128M, 134217728, ", "1G, 1024M, "})
    void theseAreTheSameValue(String wanted, String actual, String unit) {
        assertTrue(Units.same(wanted, actual, unit), wanted + " = " + actual + " in " + unit);
    }

    @ParameterizedTest
    @CsvSource({"1GB, 128MB, 8kB", "131072, 128MB, 8kB", "1min, 5min, s", "1.1, 4, ", "on, off, ",
            "pool-of-threads, one-thread-per-connection, ", "10, 4MB, kB"})
    void theseDiffer(String wanted, String actual, String unit) {
        assertFalse(Units.same(wanted, actual, unit), wanted + " != " + actual + " in " + unit);
    }
}
