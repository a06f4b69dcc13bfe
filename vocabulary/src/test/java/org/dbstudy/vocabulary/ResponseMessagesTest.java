package org.dbstudy.vocabulary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.dbstudy.vocabulary.ResponseMessages.DataStart;
import org.junit.jupiter.api.Test;

class ResponseMessagesTest {

    @Test
    void triesWithoutRetriesIsOneToken() {
        assertEquals("tries=1", ResponseMessages.tries(1, null));
        assertEquals("tries=1", ResponseMessages.tries(1, new int[Outcome.count()]));
    }

    @Test
    void retriedClassesRoundTripInOutcomeOrder() {
        int[] retried = new int[Outcome.count()];
        retried[Outcome.DEADLOCK.ordinal()] = 1;
        retried[Outcome.SERIALIZATION_FAILURE.ordinal()] = 2;
        String text = ResponseMessages.tries(4, retried);
        assertEquals("tries=4 retried=serialization_failure:2,deadlock:1", text);
        String message = "OK rows=12 " + text + " skipped_districts=1";
        assertEquals(4, ResponseMessages.tries(message));
        long[] counts = new long[Outcome.count()];
        ResponseMessages.addRetried(message, counts);
        ResponseMessages.addRetried(message, counts);
        long[] expected = new long[Outcome.count()];
        expected[Outcome.SERIALIZATION_FAILURE.ordinal()] = 4;
        expected[Outcome.DEADLOCK.ordinal()] = 2;
        assertArrayEquals(expected, counts);
    }

    @Test
    void failedSamplesCarryTheirTriesInBrackets() {
        String message = "serialization_failure: ERROR: could not serialize access [tries=1000 retried=serialization_failure:999]";
        assertEquals(1000, ResponseMessages.tries(message));
        long[] counts = new long[Outcome.count()];
        ResponseMessages.addRetried(message, counts);
        assertEquals(999, counts[Outcome.SERIALIZATION_FAILURE.ordinal()]);
    }

    @Test
    void unknownClassesCountAsOtherAndMissingFactsAsAbsent() {
        long[] counts = new long[Outcome.count()];
        ResponseMessages.addRetried("OK tries=2 retried=brand_new_class:1", counts);
        assertEquals(1, counts[Outcome.OTHER.ordinal()]);
        assertEquals(0, ResponseMessages.tries("OK rows=3"), "another sampler's message has no tries");
        assertEquals(0, ResponseMessages.tries(null));
        assertEquals(0, ResponseMessages.tries("OK maxtries=3"), "a longer name ending in tries= is not it");
        assertEquals(-1, ResponseMessages.violations("OK rows=3 tries=1"));
    }

    @Test
    void violationsAreTheConditionsViolated() {
        assertEquals("violations=2", ResponseMessages.violations(2));
        assertEquals(2, ResponseMessages.violations("OK rows=11 tries=1 violations=2 violating_rows=40 failed=a(1):20,b(9):20"));
        assertEquals(0, ResponseMessages.violations("OK rows=11 tries=1 violations=0 violating_rows=0"));
    }

    @Test
    void dataStartFromTheLoadersNotes() {
        assertEquals(DataStart.LOADED, DataStart.of("OK rows=1098270 tries=1 load=done warehouses=2 rows=1098270 seconds=4.1"));
        assertEquals(DataStart.REUSED, DataStart.of("OK rows=0 tries=1 load=skipped (reused 2 warehouses already loaded (existing=REUSE))"));
        assertEquals(DataStart.KEPT, DataStart.of("OK rows=0 tries=1 load=skipped (kept 4 warehouses already loaded (existing=KEEP))"));
        assertNull(DataStart.of("OK rows=0 tries=1"));
        assertEquals("reused", DataStart.REUSED.label());
    }

    @Test
    void planFileIsNamedAfterThePlanCount() {
        String text = ResponseMessages.plans(5, "explain/isolationSERIALIZABLE-clients2.jmx.plans.txt");
        assertEquals("plans=5 file=explain/isolationSERIALIZABLE-clients2.jmx.plans.txt", text);
        assertEquals("explain/isolationSERIALIZABLE-clients2.jmx.plans.txt", ResponseMessages.planFile("OK rows=0 tries=1 " + text));
        assertEquals("plans=5", ResponseMessages.plans(5, ""));
        assertNull(ResponseMessages.planFile("OK rows=0 tries=1 plans=5"));
    }
}
