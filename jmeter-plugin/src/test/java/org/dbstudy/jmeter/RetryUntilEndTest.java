package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jorphan.collections.HashTree;
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
        HashTree tree = new HashTree();
        tree.add(new LoopController());
        JMeterThread thread = new JMeterThread(tree, null, null);
        thread.setEndTime(endTime);
        JMeterContextService.getContext().setThread(thread);
        TransactionSampler s = Samplers.sampler(Servers.POSTGRESQL.endpoint(), "retry-end", ALWAYS_40001);
        s.setTransactionMode("AUTOCOMMIT");
        s.setMaxTries("5");
        s.setBackoffMs("0");
        return Samplers.once(s);
    }

    @Test
    void aSampleStopsRetryingOnceTheScheduledEndHasPassed() {
        SampleResult r = sampleWithEnd(System.currentTimeMillis() - 1);
        assertFalse(r.isSuccessful());
        assertEquals(1, ResponseMessages.tries(r.getResponseMessage()), r.getResponseMessage());
    }

    @Test
    void beforeTheEndOrWithoutOneItRetriesUpToItsTries() {
        SampleResult r = sampleWithEnd(System.currentTimeMillis() + 60_000);
        assertEquals(5, ResponseMessages.tries(r.getResponseMessage()), r.getResponseMessage());
        SampleResult unscheduled = sampleWithEnd(0);
        assertEquals(5, ResponseMessages.tries(unscheduled.getResponseMessage()), unscheduled.getResponseMessage());
    }
}
