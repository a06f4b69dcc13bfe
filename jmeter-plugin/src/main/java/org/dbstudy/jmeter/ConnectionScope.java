package org.dbstudy.jmeter;

/**
 * How long a connection lives and whether opening it is part of a sample's time. The default,
 * {@link #THREAD}, keeps connection set-up out of every measured sample.
 */
public enum ConnectionScope {
    /**
     * One connection per thread, opened (with its session settings and isolation level applied)
     * before the thread's first sample starts its clock; the time it took is that sample's JTL
     * {@code Connect}, not part of its elapsed. A connection lost later is reopened the same way.
     */
    THREAD,
    /** One connection per thread, opened inside the first sample: its set-up counts in that sample's elapsed. */
    THREAD_LAZY,
    /** One connection per sample, opened and closed inside the sample: set-up counts in every sample. */
    SAMPLE
}
