package org.dbstudy.jmeter.tpcc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;
import org.dbstudy.jmeter.procedure.TryContext;

/**
 * Runs tasks on a few threads, each thread with its own connection (opened with the sample's
 * settings) taking the next task from a queue. The first failure stops the others and is thrown.
 */
final class ParallelWork {
    private ParallelWork() {
    }

    /** A named piece of work on one connection. */
    record Task(String name, Job job) {
    }

    @FunctionalInterface
    interface Job {
        void run(Connection c) throws SQLException;
    }

    static void run(TryContext ctx, int threads, List<Task> tasks, Consumer<String> done) throws SQLException {
        ConcurrentLinkedQueue<Task> queue = new ConcurrentLinkedQueue<>(tasks);
        List<SQLException> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < Math.min(threads, tasks.size()); i++) {
            Thread t = new Thread(() -> {
                try (Connection c = ctx.openConnection()) {
                    for (Task task = queue.poll(); task != null && failures.isEmpty(); task = queue.poll()) {
                        try {
                            task.job().run(c);
                        } catch (SQLException e) {
                            SQLException named = new SQLException(task.name() + ": " + e.getMessage(), e.getSQLState(),
                                    e.getErrorCode(), e);
                            failures.add(named);
                            return;
                        }
                        done.accept(task.name());
                    }
                } catch (SQLException e) {
                    failures.add(e);
                }
            }, "dbstudy-tpcc-" + i);
            workers.add(t);
            t.start();
        }
        for (Thread t : workers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failures.add(new SQLException("interrupted while waiting for " + t.getName()));
                break;
            }
        }
        if (!failures.isEmpty()) {
            throw failures.get(0);
        }
    }
}
