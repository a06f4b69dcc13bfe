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
 * A killed run cannot delete its embedded server's folder (its data directory, 39 MB). The folders lie in
 * the temporary directory, where a later start deletes those whose lock nobody has held for ten
 * minutes ({@link ServerFolders}); a folder in use, or locked a moment ago, stays.
 */
class EmbeddedPostgresLeftoversTest {

    @Test
    void aStartDeletesTheDataDirectoryAKilledRunLeftAndKeepsItsOwnUntilClose() throws Exception {
        Path parent = Path.of(System.getProperty("java.io.tmpdir"));
        Path stale = Files.createTempDirectory(parent, "dbstudy-pg-killed-");
        Path fresh = Files.createTempDirectory(parent, "dbstudy-pg-starting-");
        try {
            Files.createDirectories(stale.resolve("data"));
            Files.writeString(stale.resolve("data/PG_VERSION"), "15\n");
            Files.writeString(stale.resolve(ServerFolders.LOCK_FILE), "");
            Files.setLastModifiedTime(stale.resolve(ServerFolders.LOCK_FILE),
                    FileTime.from(Instant.now().minus(Duration.ofMinutes(20))));
            Files.writeString(fresh.resolve(ServerFolders.LOCK_FILE), "");
            Path own;
            try (EmbeddedPostgres pg = EmbeddedPostgres.start(0)) {
                own = pg.dataDirectory().getParent();
                assertEquals(parent, own.getParent());
                assertTrue(own.getFileName().toString().startsWith("dbstudy-pg-"), own.toString());
                assertFalse(Files.exists(stale), "the killed run's data directory is still there: " + stale);
                assertTrue(Files.exists(fresh), "a directory locked a moment ago was deleted");
                assertTrue(Files.exists(own.resolve("data/PG_VERSION")));
            }
            assertFalse(Files.exists(own), "close leaves its folder: " + own);
        } finally {
            for (Path dir : new Path[] {stale, fresh}) {
                if (Files.exists(dir)) {
                    ServerFolders.delete(dir);
                }
            }
        }
    }
}
