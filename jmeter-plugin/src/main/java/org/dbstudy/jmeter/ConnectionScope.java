package org.dbstudy.jmeter;

/** How long a connection lives: a JMeter thread's whole life, or one sample. */
public enum ConnectionScope {
    /** One connection per thread; session locks and settings persist between samples. */
    THREAD,
    /** One connection per sample, opened and closed inside the sample. */
    SAMPLE
}
