package org.dbstudy.analysis;

/**
 * One JTL row as the readers hand it on. Mutable and reused for every row, so reading allocates
 * nothing per sample; a sink must copy what it keeps. {@code responseCode} and
 * {@code responseMessage} are only filled for failed samples.
 */
final class Sample {
    String label;
    long timeStamp;
    long elapsed;
    boolean success;
    String responseCode;
    String responseMessage;
    String threadName;
    /** JMeter's Connect column (ms spent connecting), or -1 when the file has none. */
    long connect;
    /** A sub-result nested in another sample (XML); CSV sub-results are recognised by label later. */
    boolean nested;

    /** Receives samples from a reader. */
    interface Sink {
        void accept(Sample sample);
    }
}
