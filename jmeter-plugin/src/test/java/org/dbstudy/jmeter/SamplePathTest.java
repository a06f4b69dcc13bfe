package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;

/**
 * What the per-sample path reuses from the last sample (field texts read in one pass, the success
 * message, the statement list) must still follow every change a sample can bring.
 */
class SamplePathTest {

    @Test
    void fieldTextsReadInOnePassAreWhatGetPropertyAsStringGives() {
        TransactionSampler s = new TransactionSampler();
        s.setName("label");
        s.setUrl("jdbc:postgresql://h/db");
        s.setStatements("SELECT ?;");
        s.setIsolationLevel("");
        s.setProperty("someOtherElementsKey", "not a field");
        String[] texts = new String[SamplerField.values().length];
        s.readTexts(texts);
        for (SamplerField f : SamplerField.values()) {
            // Fields the plan leaves out read as empty, as getPropertyAsString gives them.
            assertEquals(s.getPropertyAsString(f.key()), texts[f.ordinal()], f.key());
        }
        assertEquals("", texts[SamplerField.PARAMETERS.ordinal()]);

        // During a run, an element may add a field for one sample (a pre-processor, a merged config
        // element); JMeter takes it back after the sample.
        s.setRunningVersion(true);
        s.setParameters("7");
        s.setStatements("SELECT ?, ?;");
        s.readTexts(texts);
        assertEquals("7", texts[SamplerField.PARAMETERS.ordinal()]);
        assertEquals("SELECT ?, ?;", texts[SamplerField.STATEMENTS.ordinal()]);
        s.recoverRunningVersion();
        s.readTexts(texts);
        assertEquals("", texts[SamplerField.PARAMETERS.ordinal()]);
        assertEquals("SELECT ?;", texts[SamplerField.STATEMENTS.ordinal()]);
    }

    @Test
    void theSuccessMessageFollowsRowsAndTries() {
        SampleExecution.OkResponse ok = new SampleExecution.OkResponse();
        int[][] expected = {{5, 1}, {5, 1}, {3, 1}, {3, 2}, {3, 3}, {5, 1}};
        for (int[] e : expected) {
            SampleResult r = new SampleResult();
            ok.set(r, e[0], e[1]);
            assertEquals("OK rows=" + e[0] + " tries=" + e[1], r.getResponseMessage());
            assertArrayEquals(("rows=" + e[0] + "\n").getBytes(StandardCharsets.UTF_8), r.getResponseData());
        }
    }

    @Test
    void eachSampleReportsItsOwnRowsWhenParametersChangeBetweenSamples() {
        TransactionSampler s = Samplers.sampler(Servers.POSTGRESQL.endpoint(), "series",
                "SELECT generate_series(1, ?);");
        s.setTransactionMode("TRANSACTION");
        try {
            for (String n : new String[] {"3", "3", "5", "3"}) {
                s.setParameters(n);
                SampleResult r = s.sample(null);
                assertTrue(r.isSuccessful(), r.getResponseMessage());
                assertEquals("OK rows=" + n + " tries=1", r.getResponseMessage());
                assertEquals("rows=" + n + "\n", r.getResponseDataAsString());
                assertEquals(0, r.getSubResults().length, "no sub-results unless asked for");
            }
            s.setSubResults("true");
            SampleResult r = s.sample(null);
            assertEquals(2, r.getSubResults().length, "the statement and the commit");
            assertEquals("series-stmt1", r.getSubResults()[0].getSampleLabel());
            // Kept rows replace the plain response data; the next plain success is plain again.
            s.setKeepRows("true");
            assertTrue(s.sample(null).getResponseDataAsString().startsWith("generate_series\n1\n"));
            s.setKeepRows("false");
            s.setSubResults("false");
            assertEquals("rows=3\n", s.sample(null).getResponseDataAsString());
        } finally {
            s.threadFinished();
        }
    }
}
