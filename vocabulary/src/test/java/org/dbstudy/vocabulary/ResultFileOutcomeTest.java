package org.dbstudy.vocabulary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ResultFileOutcomeTest {

    @ParameterizedTest(name = "{0} / {1} → {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # the dbstudy sampler's message prefix wins over the code
            40001 1213 | deadlock: Deadlock found when trying to get lock     | DEADLOCK
            200        | not_applied: isolation level SERIALIZABLE was asked for, but the server reports read committed | NOT_APPLIED
            CONFIG     | configuration_error: field 'maxTries': 0 is out of range | CONFIGURATION_ERROR
            55P03 0    | lock_not_available: could not obtain lock            | LOCK_NOT_AVAILABLE
            # JMeter's JDBC Request: "SQLState vendorCode" and the exception text
            53300 0    | FATAL: sorry, too many clients already               | TOO_MANY_CONNECTIONS
            08004 1040 | Too many connections                                 | TOO_MANY_CONNECTIONS
            40001 0    | could not serialize access                           | SERIALIZATION_FAILURE
            40001 1213 | Deadlock found                                       | DEADLOCK
            40001 1205 | Lock wait timeout exceeded                           | LOCK_TIMEOUT
            HY000 1205 | Lock wait timeout exceeded                           | LOCK_TIMEOUT
            40P01 0    | deadlock detected                                    | DEADLOCK
            55P03 0    | canceling statement due to lock timeout              | LOCK_TIMEOUT
            57014 0    | canceling statement due to statement timeout         | STATEMENT_TIMEOUT
            08006 0    | An I/O error occurred                                | CONNECTION_LOST
            23505 0    | duplicate key value                                  | CONSTRAINT_VIOLATION
            42601 0    | syntax error at or near                              | SYNTAX_ERROR
            # anything else
            500        | Internal Server Error                                | OTHER
                       |                                                      | OTHER
            ''         | not a class: text                                    | OTHER
            """)
    void classifiesByMessagePrefixThenSqlStateAndVendorCode(String code, String message, Outcome expected) {
        assertEquals(expected, OutcomeClassifier.fromResult(code, message));
    }
}
