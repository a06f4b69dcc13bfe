package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jorphan.collections.HashTree;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.vocabulary.OutcomeClassifier;
import org.dbstudy.vocabulary.ResponseMessages;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Retries stop at the thread group's scheduled end, as OLTPBench retried "until it succeeds or the
 * phase ends": a sample that keeps failing with a retried class reports its last try once the end has
 * passed, instead of holding the cell past its duration (TPC-C's 1000 tries of 50 s lock waits).
 */
class RetryUntilEndTest {
    /** Fails every try with a serialization failure, which the default retry policy retries. */
    private static final String ALWAYS_40001 = "DO $$ BEGIN RAISE EXCEPTION 'again' USING ERRCODE = '40001'; END $$;";

    @AfterEach
    void noThread() {
        JMeterContextService.getContext().setThread(null);
    }

    private static SampleResult sampleWithEnd(long endTime) {
        return sampleWithEnd(endTime, 0);
    }

    private static SampleResult sampleWithEnd(long endTime, long backoffMillis) {
        HashTree tree = new HashTree();
        tree.add(new LoopController());
        JMeterThread thread = new JMeterThread(tree, null, null);
        thread.setEndTime(endTime);
        JMeterContextService.getContext().setThread(thread);
        TransactionSampler s = Samplers.sampler(Servers.POSTGRESQL.endpoint(), "retry-end", ALWAYS_40001);
        s.setTransactionMode("AUTOCOMMIT");
        s.setMaxTries("5");
        s.setBackoffMs(Long.toString(backoffMillis));
        return Samplers.once(s);
    }

    /**
     * A sample cut short by the end is reported as {@code retrying_at_end}, apart from failures: its
     * message keeps the last try's class, and that try counts as retried (it would have been).
     */
    @Test
    void aSampleStopsRetryingOnceTheScheduledEndHasPassed() {
        SampleResult r = sampleWithEnd(System.currentTimeMillis() - 1);
        assertFalse(r.isSuccessful());
        assertEquals(1, ResponseMessages.tries(r.getResponseMessage()), r.getResponseMessage());
        assertEquals(Outcome.RETRYING_AT_END, OutcomeClassifier.namedInMessage(r.getResponseMessage()), r.getResponseMessage());
        assertTrue(r.getResponseMessage().startsWith("retrying_at_end: serialization_failure: "), r.getResponseMessage());
        assertTrue(r.getResponseCode().startsWith("40001"), r.getResponseCode());
        long[] retried = new long[Outcome.count()];
        ResponseMessages.addRetried(r.getResponseMessage(), retried);
        assertEquals(1, retried[Outcome.SERIALIZATION_FAILURE.ordinal()], r.getResponseMessage());
    }

    /** The end coming during the wait before a retry cuts the wait: no try runs after the end. */
    @Test
    void anEndDuringTheBackoffEndsTheSampleAsRetryingAtEnd() {
        // Backoff 1–3 s; the end 200 ms away: whether the first try ends before it or after, no second try runs.
        SampleResult r = sampleWithEnd(System.currentTimeMillis() + 200, 2_000);
        assertEquals(1, ResponseMessages.tries(r.getResponseMessage()), r.getResponseMessage());
        assertEquals(Outcome.RETRYING_AT_END, OutcomeClassifier.namedInMessage(r.getResponseMessage()), r.getResponseMessage());
    }

    /** Retries used up before the end: a failure of its own class, counted as an error. */
    @Test
    void beforeTheEndOrWithoutOneItRetriesUpToItsTries() {
        SampleResult r = sampleWithEnd(System.currentTimeMillis() + 60_000);
        assertEquals(5, ResponseMessages.tries(r.getResponseMessage()), r.getResponseMessage());
        assertEquals(Outcome.SERIALIZATION_FAILURE, OutcomeClassifier.namedInMessage(r.getResponseMessage()));
        assertTrue(Outcome.SERIALIZATION_FAILURE.isError() && !Outcome.RETRYING_AT_END.isError());
        SampleResult unscheduled = sampleWithEnd(0);
        assertEquals(5, ResponseMessages.tries(unscheduled.getResponseMessage()), unscheduled.getResponseMessage());
    }
}
