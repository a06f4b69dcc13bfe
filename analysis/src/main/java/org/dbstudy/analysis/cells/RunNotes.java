package org.dbstudy.analysis.cells;

import org.dbstudy.vocabulary.ResponseMessages;
import org.dbstudy.vocabulary.ResponseMessages.DataStart;

/**
 * What a run's setUp and tearDown samples said about it (TPC-C and CH-benCHmark): the state its data
 * started from, how many consistency conditions were violated after it, and the file its plans went
 * to. Fields stay empty (null, -1) when the run had no such sample.
 */
public final class RunNotes {
    private DataStart dataStart;
    private int violations = -1;
    private String planFile;
    /** The latest end of a setUp sample before the first workload sample, epoch ms; -1 without one. */
    private long setUpEnd = -1;
    private long firstStart = -1;
    private long lastEnd = -1;

    /** Reads the facts of a setUp or tearDown sample's message. */
    void add(String message) {
        DataStart d = DataStart.of(message);
        if (d != null) {
            dataStart = d;
        }
        int v = ResponseMessages.violations(message);
        if (v >= 0) {
            violations = Math.max(violations, 0) + v;
        }
        String file = ResponseMessages.planFile(message);
        if (file != null) {
            planFile = file;
        }
    }

    /** Null when the run had no TPC-C load. */
    public DataStart dataStart() {
        return dataStart;
    }

    /** Consistency conditions violated after the run; -1 when it was not checked. */
    public int violations() {
        return violations;
    }

    /** A setUp sample that ended at {@code end}, before any workload sample. */
    void setUpEnded(long end) {
        setUpEnd = Math.max(setUpEnd, end);
    }

    /** A workload sample from {@code start} to {@code end}. */
    void workload(long start, long end) {
        firstStart = firstStart < 0 ? start : Math.min(firstStart, start);
        lastEnd = Math.max(lastEnd, end);
    }

    /**
     * Seconds from the setUp's end to the first workload sample: users connecting and priming, which
     * the thread group's duration counts, so the measured window is that much shorter. NaN without a
     * setUp sample or a workload sample.
     */
    public double primingSeconds() {
        return setUpEnd < 0 || firstStart < 0 ? Double.NaN : Math.max(0, firstStart - setUpEnd) / 1000.0;
    }

    /** Seconds from the first workload sample's start to the last one's end; NaN without one. */
    public double measuredSeconds() {
        return firstStart < 0 ? Double.NaN : (lastEnd - firstStart) / 1000.0;
    }

    /** The plans file as the capture named it (relative to the run's JMeter working directory); null without one. */
    public String planFile() {
        return planFile;
    }
}
