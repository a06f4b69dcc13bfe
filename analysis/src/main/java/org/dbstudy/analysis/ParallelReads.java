package org.dbstudy.analysis;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.dbstudy.analysis.cells.RunCollector;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.ReadSummary;

/**
 * Reads result files on all cores and hands them back in input order. At most one file per core
 * is read ahead of the one being taken, so memory stays that of a few runs (a run's collector
 * does not grow with its samples) however many files a study has.
 */
final class ParallelReads implements AutoCloseable {
    /** One file read into its run. */
    record Read(ReadSummary summary, RunCollector run) {
    }

    @FunctionalInterface
    interface Reader {
        Read read(Path file) throws IOException, AnalysisInputException;
    }

    private final List<Path> files;
    private final Reader reader;
    private final ExecutorService pool;
    private final Deque<Future<Read>> ahead = new ArrayDeque<>();
    private final int window;
    private int submitted;

    ParallelReads(List<Path> files, Reader reader) {
        this.files = files;
        this.reader = reader;
        int threads = Math.max(1, Math.min(files.size(), Runtime.getRuntime().availableProcessors()));
        this.window = threads + 1;
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "jtl-reader");
            t.setDaemon(true);
            return t;
        });
    }

    /** The next file in input order, read; its reading error as thrown by the reader. */
    Read next() throws IOException, AnalysisInputException {
        while (submitted < files.size() && ahead.size() < window) {
            Path file = files.get(submitted++);
            ahead.add(pool.submit(() -> reader.read(file)));
        }
        Future<Read> first = ahead.poll();
        if (first == null) {
            throw new IllegalStateException("no file left to read");
        }
        try {
            return first.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading result files", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof AnalysisInputException a) {
                throw a;
            }
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IOException(cause);
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
