package org.dbstudy.cli.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.vocabulary.RunFolder;

/**
 * One writer per run folder: {@code OUT/run.lock}, locked exclusively by the run that writes OUT and
 * holding its PID and start time. Two runs into one folder interleaved their JTLs and monitor files
 * and lost samples; a second run is refused at once instead. The operating system releases the lock
 * when its holder dies however it dies, so a lock file whose holder is gone is taken over with a note.
 * The file itself is never deleted (deleting a locked file lets two runs each lock a file of their own).
 */
public final class RunFolderLock implements AutoCloseable {
    static final String FILE_NAME = RunFolder.LOCK;

    private final Path folder;
    private final FileChannel channel;
    private final FileLock lock;

    private RunFolderLock(Path folder, FileChannel channel, FileLock lock) {
        this.folder = folder;
        this.channel = channel;
        this.lock = lock;
    }

    /** The run folder this lock holds. */
    public Path folder() { return folder; }

    /**
     * Locks {@code out} (created when missing) for this process, or throws a {@link UserError} that names
     * the run holding it.
     */
    public static RunFolderLock acquire(Path out, PrintStream log) throws IOException {
        Files.createDirectories(out);
        Path file = out.resolve(FILE_NAME);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException sameProcess) {
            lock = null;
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        String earlier = read(channel);
        if (lock == null) {
            channel.close();
            throw new UserError("--out " + out + " is in use by another dbstudy run (" + describe(earlier)
                    + "); wait for it to end, or give another --out");
        }
        if (!earlier.isBlank()) {
            log.println("note: took over " + out + " from an earlier run that ended without releasing it ("
                    + describe(earlier) + ", not running any more)");
        }
        ProcessHandle self = ProcessHandle.current();
        String holder = "pid=" + self.pid() + "\nstarted=" + self.info().startInstant().orElse(Instant.now()) + "\n";
        channel.truncate(0);
        channel.write(ByteBuffer.wrap(holder.getBytes(StandardCharsets.UTF_8)), 0);
        channel.force(true);
        return new RunFolderLock(out, channel, lock);
    }

    private static String read(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(channel.size(), 4096));
        channel.read(buffer, 0);
        return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
    }

    /** "PID 123, started 2026-…" from the lock file's lines. */
    static String describe(String content) {
        String pid = "?";
        String started = "?";
        for (String line : content.split("\n")) {
            if (line.startsWith("pid=")) {
                pid = line.substring(4).trim();
            } else if (line.startsWith("started=")) {
                started = line.substring(8).trim();
            }
        }
        return "PID " + pid + ", started " + started;
    }

    /** Ends this run's hold: the file is emptied (a clean end), then unlocked. */
    @Override
    public void close() throws IOException {
        try {
            channel.truncate(0);
            lock.release();
        } finally {
            channel.close();
        }
    }
}
