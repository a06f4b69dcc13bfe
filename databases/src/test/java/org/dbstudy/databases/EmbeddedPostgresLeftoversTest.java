package org.dbstudy.databases;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A killed run cannot delete its embedded server's data directory (39 MB). Data directories lie in
 * zonky's working directory, where a later start deletes those whose lock nobody has held for ten
 * minutes; a directory in use, or locked a moment ago, stays.
 */
class EmbeddedPostgresLeftoversTest {

    @Test
    void aStartDeletesTheDataDirectoryAKilledRunLeftAndKeepsItsOwnUntilClose() throws Exception {
        Path parent = EmbeddedPostgres.workingDirectory();
        Files.createDirectories(parent);
        Path stale = Files.createTempDirectory(parent, "dbstudy-pg-killed-");
        Path fresh = Files.createTempDirectory(parent, "dbstudy-pg-starting-");
        try {
            Files.writeString(stale.resolve("PG_VERSION"), "15\n");
            Files.writeString(stale.resolve("epg-lock"), "");
            Files.setLastModifiedTime(stale.resolve("epg-lock"), FileTime.from(Instant.now().minus(Duration.ofMinutes(20))));
            Files.writeString(fresh.resolve("epg-lock"), "");
            Path own;
            try (EmbeddedPostgres pg = EmbeddedPostgres.start(0)) {
                own = pg.dataDirectory();
                assertEquals(parent, own.getParent());
                assertTrue(own.getFileName().toString().startsWith("dbstudy-pg-"), own.toString());
                assertFalse(Files.exists(stale), "the killed run's data directory is still there: " + stale);
                assertTrue(Files.exists(fresh), "a directory locked a moment ago was deleted");
                assertTrue(Files.exists(own.resolve("PG_VERSION")));
            }
            assertFalse(Files.exists(own), "close leaves its data directory: " + own);
        } finally {
            for (Path dir : new Path[] {stale, fresh}) {
                if (Files.exists(dir)) {
                    ServerFolders.delete(dir);
                }
            }
        }
    }
}
