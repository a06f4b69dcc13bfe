package org.dbstudy.jmeter.check;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How SQL_CHECK compares the value it got with the one expected (the servers: SqlCheckProcedureTest). */
class SqlCheckTest {
    @Test
    void numbersCompareAsNumbersAndTextAsText() {
        assertTrue(SqlCheck.holds("1000.00", "1000"));
        assertFalse(SqlCheck.holds("1000.01", "1000"));
        assertTrue(SqlCheck.holds("ok", "ok"));
        assertFalse(SqlCheck.holds("NULL", "0"));
    }
}
