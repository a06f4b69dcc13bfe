package org.dbstudy.databases;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Only the folder a killed run left is deleted: unlocked, older than ten minutes and named by no running
 * process. One in use by this JVM or another process, one just made and one without a lock file stay.
 */
class ServerFoldersTest {
    private static final String PREFIX = "dbstudy-mariadb-";

    @Test
    void onlyTheFolderNobodyUsesIsDeleted(@TempDir Path tmp) throws Exception {
        Instant now = Instant.now();
        Path killed = folder(tmp, "killed", now.minus(Duration.ofMinutes(20)));
        Path starting = folder(tmp, "starting", now.minus(Duration.ofMinutes(1)));
        Path runningHere = folder(tmp, "running-here", now.minus(Duration.ofHours(3)));
        Path orphan = folder(tmp, "orphan", now.minus(Duration.ofHours(1)));
        Path older = Files.createDirectory(tmp.resolve(PREFIX + "older-version"));
        Path other = folder(tmp, "x", now.minus(Duration.ofHours(1)));
        Path otherPrefix = Files.move(other, tmp.resolve("dbstudy-pg-x"));
        Process holder = new ProcessBuilder("tail", "-f", orphan.resolve("data/ibdata1").toString()).start();
        try (FileChannel held = FileChannel.open(runningHere.resolve(ServerFolders.LOCK_FILE), StandardOpenOption.WRITE)) {
            assertNotNull(held.tryLock());
            List<Path> deleted = ServerFolders.deleteLeftOvers(tmp, PREFIX, now);
            assertEquals(List.of(killed), deleted);
            assertFalse(Files.exists(killed));
            for (Path kept : List.of(starting, runningHere, orphan, older, otherPrefix)) {
                assertTrue(Files.isDirectory(kept), "deleted: " + kept);
            }
        } finally {
            holder.destroyForcibly();
            holder.waitFor();
        }
        // Once its process is gone, the orphan's folder goes too.
        assertEquals(List.of(orphan), ServerFolders.deleteLeftOvers(tmp, PREFIX + "orphan", now));
    }

    @Test
    void aNewFolderIsLockedUntilClosed() throws Exception {
        Path dir;
        try (ServerFolders.Held held = ServerFolders.create("dbstudy-test-folders-")) {
            dir = held.dir();
            try (FileChannel again = FileChannel.open(dir.resolve(ServerFolders.LOCK_FILE), StandardOpenOption.WRITE)) {
                assertThrows(OverlappingFileLockException.class, again::tryLock, "the folder's lock is not held");
            }
        }
        try (FileChannel after = FileChannel.open(dir.resolve(ServerFolders.LOCK_FILE), StandardOpenOption.WRITE)) {
            assertNotNull(after.tryLock(), "closing the folder keeps its lock");
        } finally {
            ServerFolders.delete(dir);
        }
        assertFalse(Files.exists(dir));
    }

    private static Path folder(Path tmp, String name, Instant locked) throws Exception {
        Path dir = Files.createDirectory(tmp.resolve(PREFIX + name));
        Files.createDirectories(dir.resolve("data"));
        Files.writeString(dir.resolve("data/ibdata1"), "x");
        Path lock = Files.writeString(dir.resolve(ServerFolders.LOCK_FILE), "");
        Files.setLastModifiedTime(lock, FileTime.from(locked));
        return dir;
    }
}
