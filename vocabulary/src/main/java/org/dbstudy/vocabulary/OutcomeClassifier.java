package org.dbstudy.vocabulary;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one classifier of database errors into {@link Outcome}s, used by the sampler when an error is
 * raised and by analysis when it reads a result file. Both see the same three things: the SQLState,
 * the vendor code and the exception's text ({@code Throwable.toString()}, which is what JMeter's JDBC
 * Request writes as its response message and the sampler keeps in its own). So the same server error
 * lands in the same class whichever sampler ran the cell.
 *
 * <p>Order of rules: a vendor code the table knows (MySQL and MariaDB report most errors under generic
 * SQLStates such as {@code HY000}), then an exact SQLState, then a timeout exception, then the
 * SQLState's class, else {@link Outcome#OTHER}. PostgreSQL's vendor code is always 0.
 */
public final class OutcomeClassifier {
    /** MySQL/MariaDB error numbers (server error reference of each, and Connector/J's client codes). */
    private static final Map<Integer, Outcome> VENDOR = new LinkedHashMap<>();
    /** SQLStates (PostgreSQL Appendix A "Error Codes"; SQL standard classes). */
    private static final Map<String, Outcome> STATE = new LinkedHashMap<>();

    static {
        // MySQL server error reference / MariaDB error codes.
        VENDOR.put(1040, Outcome.TOO_MANY_CONNECTIONS);  // ER_CON_COUNT_ERROR: Too many connections
        VENDOR.put(1203, Outcome.TOO_MANY_CONNECTIONS);  // ER_TOO_MANY_USER_CONNECTIONS
        VENDOR.put(1226, Outcome.TOO_MANY_CONNECTIONS);  // ER_USER_LIMIT_REACHED (max_user_connections)
        VENDOR.put(1213, Outcome.DEADLOCK);              // ER_LOCK_DEADLOCK (SQLState 40001)
        VENDOR.put(1205, Outcome.LOCK_TIMEOUT);          // ER_LOCK_WAIT_TIMEOUT: innodb_lock_wait_timeout
        VENDOR.put(3572, Outcome.LOCK_NOT_AVAILABLE);    // MySQL ER_LOCK_NOWAIT (NOWAIT, 8.0.1+)
        VENDOR.put(3024, Outcome.STATEMENT_TIMEOUT);     // MySQL ER_QUERY_TIMEOUT: max_execution_time exceeded
        VENDOR.put(1969, Outcome.STATEMENT_TIMEOUT);     // MariaDB ER_STATEMENT_TIMEOUT: max_statement_time exceeded
        VENDOR.put(1317, Outcome.STATEMENT_TIMEOUT);     // ER_QUERY_INTERRUPTED: a driver's query timeout kills the query
        VENDOR.put(1020, Outcome.SERIALIZATION_FAILURE); // ER_CHECKREAD: MariaDB 11.6+ snapshot isolation conflict
        VENDOR.put(2006, Outcome.CONNECTION_LOST);       // CR_SERVER_GONE_ERROR (client)
        VENDOR.put(2013, Outcome.CONNECTION_LOST);       // CR_SERVER_LOST (client)
        VENDOR.put(1927, Outcome.CONNECTION_LOST);       // MariaDB ER_CONNECTION_KILLED
        VENDOR.put(1053, Outcome.CONNECTION_LOST);       // ER_SERVER_SHUTDOWN
        VENDOR.put(1062, Outcome.CONSTRAINT_VIOLATION);  // ER_DUP_ENTRY
        VENDOR.put(1451, Outcome.CONSTRAINT_VIOLATION);  // ER_ROW_IS_REFERENCED_2 (foreign key)
        VENDOR.put(1452, Outcome.CONSTRAINT_VIOLATION);  // ER_NO_REFERENCED_ROW_2 (foreign key)
        VENDOR.put(1048, Outcome.CONSTRAINT_VIOLATION);  // ER_BAD_NULL_ERROR
        VENDOR.put(1064, Outcome.SYNTAX_ERROR);          // ER_PARSE_ERROR
        VENDOR.put(1146, Outcome.SYNTAX_ERROR);          // ER_NO_SUCH_TABLE
        VENDOR.put(1054, Outcome.SYNTAX_ERROR);          // ER_BAD_FIELD_ERROR

        // PostgreSQL Appendix A; 08004 is the standard's "server rejected the connection".
        STATE.put("53300", Outcome.TOO_MANY_CONNECTIONS);  // too_many_connections
        STATE.put("08004", Outcome.TOO_MANY_CONNECTIONS);  // sqlserver_rejected_establishment_of_sqlconnection
        STATE.put("40001", Outcome.SERIALIZATION_FAILURE); // serialization_failure
        STATE.put("40P01", Outcome.DEADLOCK);              // deadlock_detected
        STATE.put("55P03", Outcome.LOCK_NOT_AVAILABLE);    // lock_not_available (NOWAIT; lock_timeout below)
        STATE.put("57014", Outcome.STATEMENT_TIMEOUT);     // query_canceled (statement_timeout)
        STATE.put("57P01", Outcome.CONNECTION_LOST);       // admin_shutdown
        STATE.put("57P02", Outcome.CONNECTION_LOST);       // crash_shutdown
        STATE.put("57P03", Outcome.CONNECTION_LOST);       // cannot_connect_now
    }

    /** SQLState classes of the SQL standard, for codes no table names. */
    private static final Map<String, Outcome> STATE_CLASS = Map.of(
            "08", Outcome.CONNECTION_LOST,       // connection exception
            "23", Outcome.CONSTRAINT_VIOLATION,  // integrity constraint violation
            "42", Outcome.SYNTAX_ERROR);         // syntax error or access rule violation

    private OutcomeClassifier() {
    }

    /** The class of an error the driver raised (the sampler's path). */
    public static Outcome classify(SQLException e) {
        return classify(e.getSQLState(), e.getErrorCode(), e.toString());
    }

    /**
     * The class of an error known by its SQLState, vendor code and exception text. The text decides
     * only where the codes cannot: PostgreSQL's 55P03 is both NOWAIT and {@code lock_timeout}, and
     * a driver's own timeout exception may carry no code at all.
     */
    public static Outcome classify(String sqlState, int vendorCode, String text) {
        String state = sqlState == null ? "" : sqlState.trim();
        String message = text == null ? "" : text;
        Outcome byVendor = VENDOR.get(vendorCode);
        if (byVendor != null) {
            return byVendor;
        }
        Outcome byState = STATE.get(state);
        if (byState == Outcome.LOCK_NOT_AVAILABLE && message.contains("lock timeout")) {
            return Outcome.LOCK_TIMEOUT; // "canceling statement due to lock timeout"
        }
        if (byState != null) {
            return byState;
        }
        if (message.contains("TimeoutException")) {
            return Outcome.STATEMENT_TIMEOUT; // java.sql.SQLTimeoutException and the drivers' subclasses
        }
        if (state.length() == 5) {
            Outcome byClass = STATE_CLASS.get(state.substring(0, 2));
            if (byClass != null) {
                return byClass;
            }
        }
        return Outcome.OTHER;
    }

    /**
     * The class of a failed sample as a result file records it. The dbstudy sampler names the class
     * itself at the start of the message; anything else (JMeter's JDBC Request writes responseCode
     * {@code "SQLState vendorCode"} and the exception's text as message) is classified by its codes.
     */
    public static Outcome fromResult(String responseCode, String responseMessage) {
        Outcome named = namedInMessage(responseMessage);
        if (named != null) {
            return named;
        }
        String code = responseCode == null ? "" : responseCode.trim();
        int space = code.indexOf(' ');
        String state = space < 0 ? code : code.substring(0, space);
        int vendor = 0;
        if (space >= 0) {
            try {
                vendor = Integer.parseInt(code.substring(space + 1).trim());
            } catch (NumberFormatException notACode) {
                vendor = 0;
            }
        }
        return classify(state, vendor, responseMessage);
    }

    /** The outcome a message names at its start ({@code deadlock: …}), or null. */
    public static Outcome namedInMessage(String message) {
        if (message == null) {
            return null;
        }
        int colon = message.indexOf(": ");
        Outcome named = colon > 0 ? Outcome.fromLabel(message.substring(0, colon)) : null;
        return named == Outcome.SUCCESS ? null : named;
    }

    /** Every vendor code the table knows, for tests that run each through every path. */
    public static Map<Integer, Outcome> knownVendorCodes() {
        return Map.copyOf(VENDOR);
    }

    /** Every SQLState the table knows, for tests that run each through every path. */
    public static Map<String, Outcome> knownSqlStates() {
        return Map.copyOf(STATE);
    }

    /** The SQLState classes the classifier falls back on. */
    public static List<String> knownStateClasses() {
        return List.copyOf(STATE_CLASS.keySet());
    }
}
