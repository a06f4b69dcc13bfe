package org.dbstudy.analysis;

/** Samples and errors counted for something that needs no more (an agent). */
final class Tally {
    long samples;
    long errors;

    void add(long moreSamples, long moreErrors) {
        samples += moreSamples;
        errors += moreErrors;
    }
}
