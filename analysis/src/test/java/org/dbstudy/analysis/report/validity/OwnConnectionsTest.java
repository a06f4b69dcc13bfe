package org.dbstudy.analysis.report.validity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A cell's own connections, one per sampler of each user's mix, are not other clients of the server. */
class OwnConnectionsTest {
    private static Validity.Verdict verdict(Map<String, String> row) {
        return Validity.of("c", column -> row.getOrDefault(column, ""));
    }

    @Test
    void aMixOfTwoTransactionsHoldsTwoConnectionsPerUser() {
        Map<String, String> ownOnly = Map.of("samples", "100", "monitor_seconds", "10", "users", "16",
                "connections_max", "33", Validity.CONNECTIONS_PER_USER, "2");
        assertEquals(Validity.VALID, verdict(ownOnly).word(), "16 users x 2 samplers + the monitor's own connection");

        Map<String, String> oneMore = Map.of("samples", "100", "monitor_seconds", "10", "users", "16",
                "connections_max", "34", Validity.CONNECTIONS_PER_USER, "2");
        Validity.Verdict shared = verdict(oneMore);
        assertEquals(Validity.THREATENED, shared.word());
        assertTrue(shared.threats().get(0).contains("the cell has 16 users with 2 connections each"), shared.threats().toString());
    }

    @Test
    void withoutTheColumnEachUserHoldsOne() {
        Map<String, String> row = Map.of("samples", "100", "monitor_seconds", "10", "users", "16", "connections_max", "33");
        Validity.Verdict v = verdict(row);
        assertEquals(Validity.THREATENED, v.word());
        assertEquals("server shared with other clients (up to 33 connections, the cell has 16 users)", v.threats().get(0));
    }
}
