package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.jmeter.samplers.SampleResult;
import org.dbstudy.databases.DatabaseEndpoint;
import org.junit.jupiter.api.Test;

/**
 * Where connection set-up is counted (issue 10): outside every sample's elapsed by default, in the
 * first sample for THREAD_LAZY, in every sample for SAMPLE; always in the JTL's Connect column.
 * A driver that takes {@link SlowConnectDriver#DELAY_MS} to connect makes the difference visible.
 */
class ConnectTimingTest {
    private static final long DELAY = SlowConnectDriver.DELAY_MS;

    private static TransactionSampler slowSampler(String scope) {
        DatabaseEndpoint db = Servers.POSTGRESQL.endpoint();
        TransactionSampler s = Samplers.sampler(db, "connect", "SELECT 1;");
        s.setUrl(SlowConnectDriver.slow(db.url()));
        s.setDialect("POSTGRESQL");
        s.setSessionSettings("work_mem=5MB");
        s.setIsolationLevel("SERIALIZABLE");
        if (scope != null) {
            s.setConnectionScope(scope);
        }
        return s;
    }

    @Test
    void byDefaultTheThreadConnectsBeforeTheFirstSampleStartsItsClock() {
        TransactionSampler s = slowSampler(null);
        try {
            SampleResult first = s.sample(null);
            SampleResult second = s.sample(null);
            assertTrue(first.isSuccessful(), first.getResponseMessage());
            assertTrue(first.getConnectTime() >= DELAY, "connect time " + first.getConnectTime());
            assertTrue(first.getTime() < DELAY, "elapsed " + first.getTime() + " must not hold the connection set-up");
            assertEquals(0, second.getConnectTime());
            assertTrue(second.getTime() < DELAY, "elapsed " + second.getTime());
        } finally {
            s.threadFinished();
        }
    }

    @Test
    void aThreadThatConnectsWhenItStartsReportsTheSetUpInItsFirstSampleConnectColumn() {
        DatabaseEndpoint db = Servers.POSTGRESQL.endpoint();
        TransactionSampler s = new TransactionSampler();
        s.setName("started");
        // As JMeter hands a plan's values over: as properties, read when the thread starts.
        s.setProperty("url", SlowConnectDriver.slow(db.url()));
        s.setProperty("user", db.user());
        s.setProperty("password", db.password() == null ? "" : db.password());
        s.setProperty("dialect", "POSTGRESQL");
        s.setProperty("statements", "SELECT 1;");
        s.setProperty("isolationLevel", "SERIALIZABLE");
        long before = System.currentTimeMillis();
        s.threadStarted();
        try {
            assertTrue(System.currentTimeMillis() - before >= DELAY, "threadStarted connects");
            SampleResult first = s.sample(null);
            SampleResult second = s.sample(null);
            assertTrue(first.isSuccessful(), first.getResponseMessage());
            assertTrue(first.getConnectTime() >= DELAY, "connect time " + first.getConnectTime());
            assertTrue(first.getTime() < DELAY, "elapsed " + first.getTime());
            assertEquals(0, second.getConnectTime());
        } finally {
            s.threadFinished();
        }
    }

    @Test
    void lazyConnectionCountsTheSetUpInTheFirstSampleOnly() {
        TransactionSampler s = slowSampler("THREAD_LAZY");
        try {
            SampleResult first = s.sample(null);
            SampleResult second = s.sample(null);
            assertTrue(first.isSuccessful(), first.getResponseMessage());
            assertTrue(first.getTime() >= DELAY, "elapsed " + first.getTime());
            assertTrue(first.getConnectTime() >= DELAY, "connect time " + first.getConnectTime());
            assertTrue(second.getTime() < DELAY, "elapsed " + second.getTime());
            assertEquals(0, second.getConnectTime());
        } finally {
            s.threadFinished();
        }
    }

    @Test
    void aConnectionPerSampleCountsTheSetUpInEverySample() {
        TransactionSampler s = slowSampler("SAMPLE");
        try {
            for (int i = 0; i < 2; i++) {
                SampleResult r = s.sample(null);
                assertTrue(r.isSuccessful(), r.getResponseMessage());
                assertTrue(r.getTime() >= DELAY, "sample " + i + " elapsed " + r.getTime());
                assertTrue(r.getConnectTime() >= DELAY, "sample " + i + " connect time " + r.getConnectTime());
            }
        } finally {
            s.threadFinished();
        }
    }

    @Test
    void aConnectionRefusedBeforeTheClockIsStillAFailedSampleTimedOverTheAttempt() {
        TransactionSampler s = Samplers.sampler(Servers.POSTGRESQL.endpoint(), "down", "SELECT 1;");
        s.setUrl(SlowConnectDriver.slow("jdbc:postgresql://127.0.0.1:1/test?connectTimeout=2"));
        s.setDialect("POSTGRESQL");
        SampleResult r = Samplers.once(s);
        assertFalse(r.isSuccessful());
        assertEquals("connection_lost", Samplers.outcome(r), r.getResponseMessage());
        assertTrue(r.getTime() >= DELAY, "a refused connection is timed over the attempt: " + r.getTime());
        assertTrue(r.getConnectTime() >= DELAY, "connect time " + r.getConnectTime());
        assertTrue(r.getStartTime() > 0 && r.getEndTime() >= r.getStartTime());
    }
}
