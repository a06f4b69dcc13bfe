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

    /** The lock of a server run by another process (a JVM of its own here) keeps its folder. */
    @Test
    void aFolderLockedByAnotherProcessStaysUntilThatProcessEnds(@TempDir Path tmp) throws Exception {
        Instant now = Instant.now();
        Path running = folder(tmp, "running-elsewhere", now.minus(Duration.ofHours(2)));
        Path holder = Files.writeString(tmp.resolve("LockHolder.java"), String.join("\n",
                "import java.nio.channels.FileChannel;",
                "import java.nio.file.*;",
                "public class LockHolder {",
                "    public static void main(String[] a) throws Exception {",
                "        try (FileChannel c = FileChannel.open(Path.of(a[0]), StandardOpenOption.WRITE)) {",
                "            if (c.tryLock() == null) { System.exit(3); }",
                "            System.out.println(\"locked\");",
                "            System.out.flush();",
                "            System.in.read();",
                "        }",
                "    }",
                "}", ""));
        String java = ProcessHandle.current().info().command().orElse("java");
        // A link to the lock file on its command line, not the folder's path: only the lock may keep the folder.
        Path lock = Files.createSymbolicLink(tmp.resolve("lock-link"), running.resolve(ServerFolders.LOCK_FILE));
        Process other = new ProcessBuilder(java, holder.toString(), lock.toString()).redirectErrorStream(true).start();
        try {
            String said = new java.io.BufferedReader(new java.io.InputStreamReader(other.getInputStream())).readLine();
            assertEquals("locked", said, "the other JVM did not take the lock");
            assertEquals(List.of(), ServerFolders.deleteLeftOvers(tmp, PREFIX, now));
            assertTrue(Files.isDirectory(running));
        } finally {
            other.getOutputStream().close();
            other.waitFor();
        }
        assertEquals(List.of(running), ServerFolders.deleteLeftOvers(tmp, PREFIX, now));
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
