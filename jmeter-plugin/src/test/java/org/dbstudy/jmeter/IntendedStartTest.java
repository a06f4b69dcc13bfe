package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.dbstudy.vocabulary.SampleVariables;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each sample's intended start, in the variable JMeter writes as the JTL column intendedStart: the
 * thread's previous end plus the designed pause; empty for a thread's first sample and without a pause.
 */
class IntendedStartTest {
    private JMeterVariables vars;

    @BeforeEach
    void variables() {
        vars = new JMeterVariables();
        JMeterContextService.getContext().setVariables(vars);
    }

    @AfterEach
    void noVariables() {
        JMeterContextService.getContext().setVariables(null);
    }

    private String intended() {
        return vars.get(SampleVariables.INTENDED_START);
    }

    @Test
    void theIntendedStartIsThePreviousEndPlusTheDesignedPause() {
        TransactionSampler s = Samplers.sampler(Servers.POSTGRESQL.endpoint(), "paced", "SELECT 1;");
        s.setPauseMs("100");
        try {
            SampleResult first = s.sample(null);
            assertTrue(first.isSuccessful(), first.getResponseMessage());
            assertEquals("", intended(), "a thread's first sample has no previous end");
            SampleResult second = s.sample(null);
            assertEquals(Long.toString(first.getEndTime() + 100), intended());
            s.sample(null);
            assertEquals(Long.toString(second.getEndTime() + 100), intended());
        } finally {
            s.threadFinished();
        }
    }

    @Test
    void withoutADesignedPauseNoSampleHasAnIntendedStart() {
        TransactionSampler s = Samplers.sampler(Servers.POSTGRESQL.endpoint(), "unpaced", "SELECT 1;");
        try {
            s.sample(null);
            vars.put(SampleVariables.INTENDED_START, "stale");
            s.sample(null);
            assertEquals("", intended(), "written empty, never left stale");
        } finally {
            s.threadFinished();
        }
    }
}
