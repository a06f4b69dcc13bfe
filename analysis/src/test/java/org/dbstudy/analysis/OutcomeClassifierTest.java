package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class OutcomeClassifierTest {

    private static OutcomeClass of(String code, String message) {
        return OutcomeClassifier.classify(code, message);
    }

    @Test
    void theDbstudySamplersMessagePrefixWins() {
        assertEquals(OutcomeClass.DEADLOCK, of("40001 1213", "deadlock: Deadlock found when trying to get lock"));
        assertEquals(OutcomeClass.ISOLATION_NOT_APPLIED, of("200", "isolation_not_applied: server kept READ COMMITTED"));
        assertEquals(OutcomeClass.LOCK_NOT_AVAILABLE, of("55P03 0", "lock_not_available: could not obtain lock"));
    }

    @Test
    void jmeterJdbcRequestErrorsAreClassifiedBySqlStateAndVendorCode() {
        assertEquals(OutcomeClass.TOO_MANY_CONNECTIONS, of("53300 0", "FATAL: sorry, too many clients already"));
        assertEquals(OutcomeClass.TOO_MANY_CONNECTIONS, of("08004 1040", "Too many connections"));
        assertEquals(OutcomeClass.SERIALIZATION_FAILURE, of("40001 0", "could not serialize access"));
        assertEquals(OutcomeClass.DEADLOCK, of("40001 1213", "Deadlock found"));
        assertEquals(OutcomeClass.LOCK_TIMEOUT, of("40001 1205", "Lock wait timeout exceeded"));
        assertEquals(OutcomeClass.LOCK_TIMEOUT, of("HY000 1205", "Lock wait timeout exceeded"));
        assertEquals(OutcomeClass.DEADLOCK, of("40P01 0", "deadlock detected"));
        assertEquals(OutcomeClass.LOCK_TIMEOUT, of("55P03 0", "canceling statement due to lock timeout"));
        assertEquals(OutcomeClass.STATEMENT_TIMEOUT, of("57014 0", "canceling statement due to statement timeout"));
        assertEquals(OutcomeClass.CONNECTION_LOST, of("08006 0", "An I/O error occurred"));
        assertEquals(OutcomeClass.CONSTRAINT_VIOLATION, of("23505 0", "duplicate key value"));
        assertEquals(OutcomeClass.SYNTAX_ERROR, of("42601 0", "syntax error at or near"));
    }

    @Test
    void anythingElseIsOther() {
        assertEquals(OutcomeClass.OTHER, of("500", "Internal Server Error"));
        assertEquals(OutcomeClass.OTHER, of(null, null));
        assertEquals(OutcomeClass.OTHER, of("", "not a class: text"));
    }
}
