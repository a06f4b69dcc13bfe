package org.dbstudy.jmeter.dialect;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import org.dbstudy.jmeter.Outcome;

/** The SQL standard's SQLState classes, for errors no dialect knows by code. */
final class SqlStates {
    private SqlStates() {
    }

    static Outcome byClass(String state, SQLException e) {
        if (e instanceof SQLTimeoutException) {
            return Outcome.STATEMENT_TIMEOUT;
        }
        if ("40001".equals(state)) {
            return Outcome.SERIALIZATION_FAILURE;
        }
        if ("08004".equals(state)) {
            return Outcome.TOO_MANY_CONNECTIONS;
        }
        if (state.startsWith("08")) {
            return Outcome.CONNECTION_LOST;
        }
        if (state.startsWith("23")) {
            return Outcome.CONSTRAINT_VIOLATION;
        }
        if (state.startsWith("42")) {
            return Outcome.SYNTAX_ERROR;
        }
        return Outcome.OTHER;
    }
}
