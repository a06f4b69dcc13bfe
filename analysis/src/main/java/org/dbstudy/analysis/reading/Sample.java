package org.dbstudy.analysis.reading;

/**
 * One JTL row as the readers hand it on. Mutable and reused for every row, so reading allocates
 * nothing per sample; a sink must copy what it keeps. {@code responseCode} and
 * {@code responseMessage} are only filled for failed samples.
 */
public final class Sample {
    public String label;
    public long timeStamp;
    public long elapsed;
    public boolean success;
    public String responseCode;
    public String responseMessage;
    public String threadName;
    /** JMeter's Connect column (ms spent connecting), or -1 when the file has none. */
    public long connect;
    /** A sub-result nested in another sample (XML); CSV sub-results are recognised by label later. */
    public boolean nested;

    /** Receives samples from a reader. */
    public interface Sink {
        void accept(Sample sample);
    }
}
