package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jorphan.collections.HashTree;
import org.junit.jupiter.api.Test;

/** The start barrier (issue 10): threads of a group without ramp-up start measuring together, once all have connected. */
class StartBarrierTest {
    static {
        Samplers.class.getName(); // JMeter properties for the test elements
    }

    private static ThreadGroup group(int threads, int rampUp) {
        ThreadGroup g = new ThreadGroup();
        g.setNumThreads(threads);
        g.setRampUp(rampUp);
        return g;
    }

    @Test
    void threadsOfAGroupWithoutRampUpWaitForTheLastToConnect() throws Exception {
        ThreadGroup g = group(3, 0);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            long start = System.currentTimeMillis();
            List<Future<Long>> released = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                long connectFor = t == 2 ? 400 : 0; // the third thread is slow to connect
                released.add(pool.submit(() -> {
                    Thread.sleep(connectFor);
                    StartBarrier.arriveAndAwait(g, "s");
                    return System.currentTimeMillis();
                }));
            }
            for (Future<Long> f : released) {
                assertTrue(f.get() - start >= 400, "released only when the slow thread has connected");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theFirstBarrierOfATestCollectsTheGarbageOnceAndLaterOnesDoNot() {
        long testStart = System.nanoTime(); // a key no other test uses
        long before = collections();
        assertTrue(StartBarrier.collectOncePerTest(testStart), "the first opening of this test collects");
        assertTrue(collections() > before, "a collection ran");
        assertFalse(StartBarrier.collectOncePerTest(testStart),
                "a second group's barrier may open while the first measures: no full collection then");
        assertTrue(StartBarrier.collectOncePerTest(testStart + 1), "the next test run collects again");
    }

    private static long collections() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionCount).filter(n -> n > 0).sum();
    }

    @Test
    void aGroupWithRampUpOrOneThreadIsNotHeld() {
        assertEquals(0, StartBarrier.arriveAndAwait(group(3, 10), "s"), "ramp-up: users are meant to arrive one by one");
        assertEquals(0, StartBarrier.arriveAndAwait(group(1, 0), "s"));
        assertEquals(0, StartBarrier.arriveAndAwait(null, "s"), "outside a JMeter thread group");
    }

    /** A thread's test tree: JMeter's thread wants a controller at its root. */
    private static HashTree loop() {
        HashTree tree = new HashTree();
        tree.add(new LoopController());
        return tree;
    }

    @Test
    void aScheduledThreadMeasuresTheWholeDurationAfterTheBarrierOpens() {
        ThreadGroup g = group(3, 0);
        g.setScheduler(true);
        g.setDuration(20);
        JMeterThread t = new JMeterThread(loop(), null, null);
        t.setStartTime(1_000_000);
        t.setEndTime(1_020_000);
        StartBarrier.keepDuration(g, t, 1_004_500); // 4.5 s connecting and waiting
        assertEquals(1_024_500, t.getEndTime(), "20 s from the opening");
        StartBarrier.keepDuration(g, t, 1_001_000); // a second sampler's barrier opened earlier: no earlier end
        assertEquals(1_024_500, t.getEndTime());

        ThreadGroup forever = group(3, 0); // no scheduler: runs until its loops end
        JMeterThread u = new JMeterThread(loop(), null, null);
        StartBarrier.keepDuration(forever, u, 1_004_500);
        assertEquals(0, u.getEndTime());
    }
}
