package org.dbstudy.analysis.cells;

/** Samples and errors counted for something that needs no more (an agent). */
public final class Tally {
    public long samples;
    public long errors;

    public void add(long moreSamples, long moreErrors) {
        samples += moreSamples;
        errors += moreErrors;
    }
}
