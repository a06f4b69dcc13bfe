package org.dbstudy.jmeter.random;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;

/** Bytes the calling thread allocates while running something: what a per-sample path must keep near zero. */
public final class Allocations {
    private Allocations() {
    }

    /** Runs {@code work} once to load and initialise what it needs, then again, measuring that second run. */
    public static long ofSecondRun(Runnable work) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assertTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
                "this JVM cannot count a thread's allocations");
        work.run();
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        work.run();
        return threads.getThreadAllocatedBytes(id) - before;
    }
}
