package org.dbstudy.analysis.reading;

/**
 * One JTL row as the readers hand it on. Mutable and reused for every row, so reading allocates
 * nothing per sample; a sink must copy what it keeps. {@code responseCode} is only
 * filled for failed samples, {@code responseMessage} for failed ones and those of {@link #tries}.
 */
public final class Sample {
    public String label;
    public long timeStamp;
    public long elapsed;
    public boolean success;
    public String responseCode;
    public String responseMessage;
    public String threadName;
    /**
     * The dbstudy sampler's {@code tries=K} from the response message, 0 without one. A successful
     * sample's {@code responseMessage} is filled too when it says more than that: retried tries, an
     * intended rollback, or a setUp or tearDown sample's facts ({@link org.dbstudy.vocabulary.ResponseMessages}).
     */
    public int tries;
    /** JMeter's Connect column (ms spent connecting), or -1 when the file has none. */
    public long connect;
    /** JMeter's allThreads column (active threads of all thread groups when the sample ended), -1 when absent. */
    public long allThreads;
    /**
     * When the sample was meant to start (the dbstudy sampler's {@code intendedStart} column, epoch ms),
     * or -1 when the file has no such column or the row leaves it empty.
     */
    public long intendedStart;
    /** A sub-result nested in another sample (XML); CSV sub-results are recognised by label later. */
    public boolean nested;
    /** The file's line the sample starts on (CSV: its record's first line; XML: its element's line). */
    public long line;

    /** A copy, for a sink that holds a few samples back. */
    public Sample copy() {
        Sample c = new Sample();
        c.label = label;
        c.timeStamp = timeStamp;
        c.elapsed = elapsed;
        c.success = success;
        c.responseCode = responseCode;
        c.responseMessage = responseMessage;
        c.threadName = threadName;
        c.tries = tries;
        c.connect = connect;
        c.allThreads = allThreads;
        c.intendedStart = intendedStart;
        c.nested = nested;
        c.line = line;
        return c;
    }

    /** Receives samples from a reader. */
    public interface Sink {
        void accept(Sample sample);
    }
}
