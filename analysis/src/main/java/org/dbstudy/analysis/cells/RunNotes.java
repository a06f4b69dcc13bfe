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

    /** The plans file as the capture named it (relative to the run's JMeter working directory); null without one. */
    public String planFile() {
        return planFile;
    }
}
