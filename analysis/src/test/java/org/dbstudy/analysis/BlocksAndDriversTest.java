package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dbstudy.analysis.cells.Blocks;
import org.dbstudy.analysis.report.files.DriverNotes;
import org.junit.jupiter.api.Test;

/**
 * What the report says about the comparison itself: configuration blocks that ran once each (confounded
 * with time), and targets that ran on one server product through two drivers.
 */
class BlocksAndDriversTest {
    @Test
    void blocksThatRanOnceEachAreNamedAndInterleavedOnesAreNot() {
        assertEquals(Optional.empty(), Blocks.notInterleaved(List.of("A", "A", "B", "B", "A", "A", "B")));
        assertEquals(Optional.empty(), Blocks.notInterleaved(List.of("A", "A", "A")), "one block: nothing to interleave");
        assertEquals(Optional.empty(), Blocks.notInterleaved(List.of("A", "B", "B", "A")), "A B | B A: both interleave");
        String note = Blocks.notInterleaved(List.of("A", "A", "B", "B", "C", "C")).orElseThrow();
        assertTrue(note.startsWith("configuration block(s) not interleaved in time, each ran apart from the others: A, B, C;"),
                note);
        assertEquals(List.of("C"), org.dbstudy.vocabulary.ManifestColumns.blocksApart(List.of("A", "B", "A", "C")));
    }

    private static Map<String, String> env(String target, String product, String version, String driver) {
        return Map.of("run.target", target, "database.product", product, "database.version", version,
                "database.driver", driver);
    }

    @Test
    void theMysqlTargetOnMariaDbIsSaidToMeasureConnectorJAndTwoDriversOnOneServerTheDrivers() {
        Map<String, Map<String, String>> runs = new LinkedHashMap<>();
        runs.put("mysql", env("mysql", "MariaDB", "10.11.6", "MySQL Connector/J mysql-connector-j-8.4.0"));
        runs.put("mariadb", env("mariadb", "MariaDB", "10.11.6", "MariaDB Connector/J 3.5.1"));
        List<String> notes = DriverNotes.of(runs);
        assertEquals(2, notes.size(), notes.toString());
        assertEquals("run mysql: the mysql target ran on a MariaDB 10.11.6 server, so it measures MySQL Connector/J"
                + " mysql-connector-j-8.4.0 against MariaDB, not a MySQL server", notes.get(0));
        assertTrue(notes.get(1).startsWith("runs mysql, mariadb ran on the same server product, MariaDB 10.11.6, through"
                + " different JDBC drivers"), notes.get(1));
        assertTrue(notes.get(1).endsWith("measures the drivers, not two servers"), notes.get(1));
    }

    @Test
    void targetsOnTheirOwnServersNeedNoNote() {
        Map<String, Map<String, String>> runs = new LinkedHashMap<>();
        runs.put("pg14", env("postgresql", "PostgreSQL", "14.13", "PostgreSQL JDBC Driver 42.7.4"));
        runs.put("pg17", env("postgresql", "PostgreSQL", "17.2", "PostgreSQL JDBC Driver 42.7.4"));
        assertEquals(List.of(), DriverNotes.of(runs));
        assertEquals(List.of(), DriverNotes.of(Map.of("this run",
                env("mariadb", "MariaDB", "10.11.6", "MariaDB Connector/J 3.5.1"))));
    }
}
