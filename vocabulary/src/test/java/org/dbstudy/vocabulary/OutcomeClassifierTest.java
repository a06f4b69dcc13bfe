package org.dbstudy.vocabulary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OutcomeClassifierTest {

    @ParameterizedTest(name = "{0} {1} → {3}")
    @CsvSource(delimiter = '|', value = {
        "53300|0|FATAL: sorry, too many clients already|TOO_MANY_CONNECTIONS",
        "08004|1040|Too many connections|TOO_MANY_CONNECTIONS",
        "40001|0|ERROR: could not serialize access due to concurrent update|SERIALIZATION_FAILURE",
        "40P01|0|ERROR: deadlock detected|DEADLOCK",
        "40001|1213|Deadlock found when trying to get lock|DEADLOCK",
        "55P03|0|ERROR: canceling statement due to lock timeout|LOCK_TIMEOUT",
        "55P03|0|ERROR: could not obtain lock on row in relation \"t\"|LOCK_NOT_AVAILABLE",
        "HY000|1205|Lock wait timeout exceeded; try restarting transaction|LOCK_TIMEOUT",
        "40001|1205|Lock wait timeout exceeded (Connector/J says 40001)|LOCK_TIMEOUT",
        "HY000|3572|Statement aborted because lock(s) could not be acquired immediately and NOWAIT is set.|LOCK_NOT_AVAILABLE",
        "HY000|3024|Query execution was interrupted, maximum statement execution time exceeded|STATEMENT_TIMEOUT",
        "70100|1969|Query execution was interrupted (max_statement_time exceeded)|STATEMENT_TIMEOUT",
        "57014|0|ERROR: canceling statement due to statement timeout|STATEMENT_TIMEOUT",
        "57P01|0|FATAL: terminating connection due to administrator command|CONNECTION_LOST",
        "08006|0|An I/O error occurred while sending to the backend.|CONNECTION_LOST",
        "23505|0|ERROR: duplicate key value violates unique constraint|CONSTRAINT_VIOLATION",
        "23000|1062|Duplicate entry '1' for key 'PRIMARY'|CONSTRAINT_VIOLATION",
        "42P01|0|ERROR: relation \"nope\" does not exist|SYNTAX_ERROR",
        "42000|1064|You have an error in your SQL syntax|SYNTAX_ERROR",
        "HY000|1020|Record has changed since last read in table 't'|SERIALIZATION_FAILURE",
        "XX000|0|ERROR: internal error|OTHER",
        "|0|something odd|OTHER",
    })
    void classifiesByVendorCodeThenSqlStateThenClass(String state, int vendor, String message, Outcome expected) {
        assertEquals(expected, OutcomeClassifier.classify(state, vendor, message));
        // The result-file path sees "SQLState vendor" and the same text: the same class.
        String code = (state == null ? "" : state) + " " + vendor;
        assertEquals(expected, OutcomeClassifier.fromResult(code, "org.example.DriverException: " + message));
    }

    @Test
    void aDriversTimeoutExceptionWithoutCodeIsAStatementTimeout() {
        SQLException e = new SQLTimeoutException("Query timed out");
        assertEquals(Outcome.STATEMENT_TIMEOUT, OutcomeClassifier.classify(e));
        assertEquals(Outcome.STATEMENT_TIMEOUT, OutcomeClassifier.fromResult("null 0", e.toString()));
    }

    @Test
    void theSamplersOwnClassInTheMessageWinsOverCodes() {
        assertEquals(Outcome.NOT_APPLIED, OutcomeClassifier.fromResult("40001 0", "not_applied: isolation is read committed"));
        assertEquals(Outcome.DEADLOCK, OutcomeClassifier.fromResult("", "deadlock: [tries=3]"));
        assertNull(OutcomeClassifier.namedInMessage("success: not a failure class"));
        assertNull(OutcomeClassifier.namedInMessage("org.postgresql.util.PSQLException: ERROR: x"));
    }

    @Test
    void everyKnownCodeGivesTheSameClassOnBothPaths() {
        for (Map.Entry<Integer, Outcome> e : OutcomeClassifier.knownVendorCodes().entrySet()) {
            SQLException ex = new SQLException("vendor " + e.getKey(), "HY000", e.getKey());
            assertEquals(e.getValue(), OutcomeClassifier.classify(ex), "vendor " + e.getKey());
            assertEquals(e.getValue(), OutcomeClassifier.fromResult("HY000 " + e.getKey(), ex.toString()));
        }
        for (Map.Entry<String, Outcome> e : OutcomeClassifier.knownSqlStates().entrySet()) {
            SQLException ex = new SQLException("state " + e.getKey(), e.getKey(), 0);
            assertEquals(e.getValue(), OutcomeClassifier.classify(ex), "state " + e.getKey());
            assertEquals(e.getValue(), OutcomeClassifier.fromResult(e.getKey() + " 0", ex.toString()));
        }
    }
}
