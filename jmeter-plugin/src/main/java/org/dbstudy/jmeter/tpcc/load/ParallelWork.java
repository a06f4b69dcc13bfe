package org.dbstudy.jmeter.tpcc.load;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.dbstudy.jmeter.procedure.TryContext;

/**
 * Runs tasks on a few threads, each thread with its own connection (opened with the sample's
 * settings). A thread takes the first task in list order that can start: every task it comes
 * {@code after} has finished, and no running task holds one of the {@code locks} it needs (tables a
 * statement would lock against the other). A thread with nothing startable waits for a task to
 * finish. The first failure stops the others and is thrown.
 */
final class ParallelWork {
    private ParallelWork() {
    }

    /** A named piece of work on one connection. */
    record Task(String name, Set<String> after, Set<String> locks, Job job) {
        Task(String name, Job job) {
            this(name, Set.of(), Set.of(), job);
        }
    }

    @FunctionalInterface
    interface Job {
        void run(Connection c) throws SQLException;
    }

    static void run(TryContext ctx, int threads, List<Task> tasks, Consumer<String> done) throws SQLException {
        Schedule schedule = new Schedule(tasks);
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < Math.min(threads, tasks.size()); i++) {
            Thread t = new Thread(() -> {
                try (Connection c = ctx.openConnection()) {
                    for (Task task = schedule.next(); task != null; task = schedule.next()) {
                        try {
                            task.job().run(c);
                        } catch (SQLException e) {
                            schedule.fail(new SQLException(task.name() + ": " + e.getMessage(), e.getSQLState(),
                                    e.getErrorCode(), e));
                            return;
                        }
                        schedule.finished(task);
                        done.accept(task.name());
                    }
                } catch (SQLException e) {
                    schedule.fail(e);
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
                schedule.fail(new SQLException("interrupted while waiting for " + t.getName()));
                break;
            }
        }
        schedule.throwFailure();
        if (!schedule.pending.isEmpty()) {
            throw new SQLException("tasks that can never start (waiting for unknown tasks): " + schedule.pending);
        }
    }

    /** The tasks not started yet, what has finished, and the locks held; threads wait on it. */
    private static final class Schedule {
        private final List<Task> pending;
        private final Set<String> finished = new HashSet<>();
        private final Set<String> held = new HashSet<>();
        private int running;
        private SQLException failure;

        Schedule(List<Task> tasks) {
            pending = new LinkedList<>(tasks);
        }

        /** The next task to run, or null when there is none left (or a task failed). */
        synchronized Task next() {
            while (failure == null && !pending.isEmpty()) {
                for (Iterator<Task> it = pending.iterator(); it.hasNext(); ) {
                    Task t = it.next();
                    if (finished.containsAll(t.after()) && t.locks().stream().noneMatch(held::contains)) {
                        it.remove();
                        held.addAll(t.locks());
                        running++;
                        return t;
                    }
                }
                if (running == 0) {
                    return null; // nothing runs that could make a waiting task startable
                }
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    failure = new SQLException("interrupted while waiting for a task to start");
                }
            }
            return null;
        }

        synchronized void finished(Task t) {
            finished.add(t.name());
            held.removeAll(t.locks());
            running--;
            notifyAll();
        }

        /** Stops the schedule: no task starts after this. */
        synchronized void fail(SQLException e) {
            if (failure == null) {
                failure = e;
            }
            notifyAll();
        }

        synchronized void throwFailure() throws SQLException {
            if (failure != null) {
                throw failure;
            }
        }
    }
}
