package org.dbstudy.jmeter;

import java.util.HashMap;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jmeter.threads.ThreadGroup;

/**
 * Holds the threads of a thread group that starts all its threads at once (a stock Thread Group
 * without ramp-up) until every one of them has connected, so that one thread's connection set-up
 * (a server process forked, authentication, session settings) does not run beside another thread's
 * first measured samples. The arrival pattern the plan asks for is kept: start offsets and timers
 * run after the barrier, counted from the moment it opens. A group with a ramp-up is not held (its
 * threads are meant to arrive one by one), nor is a group of one thread. A scheduled thread's end
 * is counted from the barrier's opening ({@link #keepDuration}), so the group measures its whole duration
 * after the barrier opens, not the duration less the connecting.
 *
 * <p>The last thread in collects the garbage before it opens the barrier ({@link #collectOncePerTest}):
 * JMeter collects before its thread groups start ({@code JMeterUtils.helpGC}), but the connections
 * and priming made since leave a young generation that the first measured samples then pay for.
 *
 * <p>One barrier per thread group and sampler name, in this JVM: a remote agent holds its own
 * threads only. A thread that never arrives (killed, or started much later by another kind of
 * group) holds the others at most {@link #MAX_WAIT_MS}.
 */
final class StartBarrier {
    /** The longest a thread waits for the others of its group before it goes on alone. */
    static final long MAX_WAIT_MS = 30_000;

    /** Keyed by the running thread group (shared by its threads), then by sampler name. */
    private static final Map<AbstractThreadGroup, Map<String, CountDownLatch>> BARRIERS = new WeakHashMap<>();

    private StartBarrier() {
    }

    /** True for a group whose threads all start together: a stock Thread Group with no ramp-up and more than one thread. */
    static boolean holds(AbstractThreadGroup group) {
        return group instanceof ThreadGroup tg && tg.getRampUp() == 0 && tg.getNumThreads() > 1;
    }

    /**
     * Counts this thread in and waits until all {@code group.getNumThreads()} threads have, or
     * {@link #MAX_WAIT_MS} passed. Returns how long it waited, in ms; does nothing for a group that
     * {@link #holds} is false for.
     */
    static long arriveAndAwait(AbstractThreadGroup group, String samplerName) {
        if (group == null || !holds(group)) {
            return 0;
        }
        CountDownLatch latch;
        boolean last;
        synchronized (BARRIERS) {
            Map<String, CountDownLatch> bySampler = BARRIERS.computeIfAbsent(group, g -> new HashMap<>());
            latch = bySampler.computeIfAbsent(samplerName, n -> new CountDownLatch(group.getNumThreads()));
            last = latch.getCount() == 1;
            if (last) {
                // Everyone is in: a later run that reuses the group object starts a new barrier.
                bySampler.remove(samplerName);
            }
        }
        if (last) {
            collectOncePerTest(JMeterContextService.getTestStartTime());
        }
        latch.countDown();
        long start = System.currentTimeMillis();
        try {
            latch.await(MAX_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            // The test is being stopped: go on, the thread ends at its next check.
            Thread.currentThread().interrupt();
        }
        return System.currentTimeMillis() - start;
    }

    /** The test (its start time) whose garbage was last collected at a barrier's opening. */
    private static final AtomicLong COLLECTED_FOR_TEST = new AtomicLong(Long.MIN_VALUE);

    /**
     * Runs one full collection for the test that started at {@code testStart}, the first time a
     * barrier of that test opens; true when it did. Measured: without it, 100 users reading 2000 rows
     * every 0.1 s met young collections of 10–20 ms in their first 100 ms, and most first samples
     * above the cell's p99 were in flight during one. Once per test: a second group's barrier may open
     * while the first group measures, and a full collection then would pause those samples.
     */
    static boolean collectOncePerTest(long testStart) {
        if (COLLECTED_FOR_TEST.getAndSet(testStart) == testStart) {
            return false;
        }
        System.gc();
        return true;
    }

    /**
     * What a thread does before its first sample: in a group that {@link #holds}, waits for the
     * others ({@link #arriveAndAwait}), then counts its scheduled end from the barrier's opening
     * ({@link #keepDuration}). Nothing for other groups, or outside a JMeter thread.
     */
    static void hold(JMeterContext context, String samplerName) {
        if (context.getThreadGroup() instanceof ThreadGroup group && holds(group)) {
            arriveAndAwait(group, samplerName);
            keepDuration(group, context.getThread(), System.currentTimeMillis());
        }
    }

    /**
     * Gives a scheduled thread its whole window after the barrier: JMeter set its end to its start time
     * plus the group's duration before the thread connected, so connecting and waiting at the barrier
     * would take that time from the measurement. The end becomes {@code releasedAt} plus the duration
     * (never earlier than it was). A group without a scheduler or duration is left alone.
     */
    static void keepDuration(ThreadGroup group, JMeterThread thread, long releasedAt) {
        if (thread == null || !group.getScheduler() || group.getDuration() <= 0 || thread.getEndTime() <= 0) {
            return;
        }
        long end = releasedAt + group.getDuration() * 1000;
        if (end > thread.getEndTime()) {
            thread.setEndTime(end);
        }
    }
}
