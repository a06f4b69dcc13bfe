package org.dbstudy.jmeter.procedure;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.dbstudy.jmeter.dialect.Dialect;

/**
 * What a procedure may use of the try it runs in. The sampler has already applied the session
 * settings and the isolation level, taken the named lock and set auto-commit; it commits after
 * {@link Procedure#run} returns and rolls back when it throws.
 */
public interface TryContext {

    /** The sample's connection; a procedure never commits, rolls back or closes it. */
    Connection connection();

    Dialect dialect();

    /** A prepared statement cached for the connection's life. */
    PreparedStatement prepare(String sql) throws SQLException;

    /** True when sub-results are asked for: a procedure need not time or name its steps otherwise. */
    boolean stepsWanted();

    /**
     * Records a sub-result {@code <label>-<part>} from {@code startMillis} to now when sub-results are on, and
     * nothing otherwise: a procedure may call it freely, asking {@link #stepsWanted()} first only to skip its timing.
     */
    void subResult(String part, long startMillis, boolean ok);

    /** Adds rows read or changed, for the sample's {@code rows=} count. */
    void addRows(long rows);

    /** Notes that the first result arrived (the sample's latency), once per try. */
    void firstResult();

    /** The sample's label for this try, e.g. the TPC-C transaction a mix picked. */
    void label(String label);

    /** Text appended to the sample's response message, e.g. {@code violations=0}. */
    void note(String text);

    /** Response data of the sample (replaces the row count), e.g. a report of what a check found. */
    void responseData(String text);

    /** A second connection with the sample's connection settings, for parallel work; the caller closes it. */
    Connection openConnection() throws SQLException;
}
