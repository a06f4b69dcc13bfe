package org.dbstudy.jmeter;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.samplers.SampleResult;
import org.dbstudy.jmeter.dialect.Dialect;
import org.dbstudy.jmeter.dialect.NamedLockSql;
import org.dbstudy.jmeter.procedure.IntendedRollbackException;
import org.dbstudy.jmeter.procedure.ProcedureFailedException;
import org.dbstudy.jmeter.procedure.TryContext;
import org.dbstudy.vocabulary.SampleLabels;

/**
 * One try of a sample's work on one connection: take the named lock, run the body (the statements or
 * a procedure), commit, give the lock back. Rolls back on any error and always releases the lock.
 * It is also what a procedure may use of the try ({@link TryContext}).
 */
public final class TransactionRun implements TryContext {
    /** Rows kept in the response when the user asks for them: enough to look at, not to fill memory. */
    private static final int MAX_KEPT_ROWS = 1000;

    private final SessionConnection session;
    private final SamplerSettings settings;
    private final TransactionBody body;
    /** The sample's random values, by slot: what a {@link RandomValues.Ref} parameter binds. */
    private final long[] drawn;
    /** The sample's label; a procedure may set its own (the transaction a mix picked). */
    private String label;
    private String note;
    private String responseData;
    /** Made on the first sub-result: most samples ask for none. */
    private List<SampleResult> subResults;
    private final StringBuilder keptRows;
    private long rows;
    private long firstResultAt;
    private boolean connectionBroken;

    TransactionRun(SessionConnection session, SamplerSettings settings, TransactionBody body, String label,
                   long[] drawn) {
        this.session = session;
        this.settings = settings;
        this.body = body;
        this.drawn = drawn;
        this.label = label;
        this.keptRows = settings.keepRows() ? new StringBuilder() : null;
    }

    /** Runs the try; an SQLException means the transaction was rolled back and the lock released. */
    void run() throws SQLException, LockNotTakenException, ExperimentNotAppliedException,
            IntendedRollbackException, ProcedureFailedException {
        Connection c = session.jdbc();
        session.autoCommit(!settings.inTransaction());
        NamedLockSql lock = session.dialect().namedLock();
        boolean lockHeld = false;
        boolean committed = false;
        try {
            if (settings.namedLock()) {
                lockHeld = takeLock(lock);
            }
            body.run(this);
            if (settings.inTransaction()) {
                long start = System.currentTimeMillis();
                c.commit();
                step(SampleLabels.COMMIT, start, true);
            }
            committed = true;
        } finally {
            if (!committed && settings.inTransaction()) {
                rollback(c);
            }
            if (lockHeld && !(settings.lockForTransaction() && lock.releasesAtTransactionEnd())) {
                releaseLock(lock);
            }
        }
    }

    /**
     * Runs the body once in a transaction that is always rolled back, without the named lock: a
     * priming run (see {@link Priming}), never a measured one.
     */
    void runRolledBack() throws SQLException, IntendedRollbackException, ProcedureFailedException {
        Connection c = session.jdbc();
        session.autoCommit(false);
        try {
            body.run(this);
        } finally {
            rollback(c);
        }
    }

    private boolean takeLock(NamedLockSql lock) throws SQLException, LockNotTakenException,
            ExperimentNotAppliedException {
        long start = System.currentTimeMillis();
        NamedLockSql.Acquired acquired = lock.acquire(session.jdbc(), settings.lockName(),
                settings.lockTimeoutSeconds(), settings.lockForTransaction());
        step(SampleLabels.LOCK, start, acquired == NamedLockSql.Acquired.ACQUIRED);
        switch (acquired) {
            case ACQUIRED -> {
                return true;
            }
            case TIMED_OUT -> throw new LockNotTakenException("named lock '" + settings.lockName()
                    + "' not taken within " + settings.lockTimeoutSeconds() + " s");
            default -> throw new ExperimentNotAppliedException("named lock '" + settings.lockName()
                    + "': the server answered NULL (an error) instead of taking the lock");
        }
    }

    /** The connection the body runs on; in a transaction unless the sampler is in AUTOCOMMIT mode. */
    @Override
    public Connection connection() {
        return session.jdbc();
    }

    /** Runs one statement (prepared once per connection), counting its rows and the first result's time. */
    public void execute(SqlStatement statement) throws SQLException {
        PreparedStatement ps = session.prepare(statement.sql());
        int index = 1;
        List<Object> values = statement.parameters();
        int count = values.size();
        for (int r = 0; r < statement.rowRepeat(); r++) {
            for (int v = 0; v < count; v++) {
                Object value = values.get(v);
                if (value instanceof RandomValues.Ref ref) {
                    ps.setLong(index++, drawn[ref.slot()]);
                } else {
                    ps.setObject(index++, value);
                }
            }
        }
        boolean hasResultSet = ps.execute();
        while (true) {
            if (hasResultSet) {
                try (ResultSet rs = ps.getResultSet()) {
                    consume(rs);
                }
            } else {
                int updated = ps.getUpdateCount();
                if (updated < 0) {
                    break;
                }
                rows += updated;
            }
            if (firstResultAt == 0) {
                firstResultAt = System.currentTimeMillis();
            }
            hasResultSet = ps.getMoreResults();
        }
    }

    private void consume(ResultSet rs) throws SQLException {
        if (keptRows == null) {
            while (rs.next()) {
                rows++;
            }
            return;
        }
        ResultSetMetaData meta = rs.getMetaData();
        int columns = meta.getColumnCount();
        if (keptRows.length() == 0) {
            for (int i = 1; i <= columns; i++) {
                keptRows.append(i > 1 ? "\t" : "").append(meta.getColumnLabel(i));
            }
            keptRows.append('\n');
        }
        while (rs.next()) {
            if (++rows <= MAX_KEPT_ROWS) {
                for (int i = 1; i <= columns; i++) {
                    keptRows.append(i > 1 ? "\t" : "").append(rs.getString(i));
                }
                keptRows.append('\n');
            }
        }
    }

    private void rollback(Connection c) {
        try {
            c.rollback();
        } catch (SQLException e) {
            // A connection that cannot roll back is unusable; the next sample opens a new one.
            connectionBroken = true;
        }
    }

    private void releaseLock(NamedLockSql lock) {
        try {
            lock.release(session.jdbc(), settings.lockName(), settings.lockForTransaction());
        } catch (SQLException e) {
            // The lock is tied to the session: closing the connection is what gives it back.
            connectionBroken = true;
        }
    }

    /** True when the user asked for sub-results: a body need not time its steps otherwise. */
    @Override
    public boolean stepsWanted() {
        return settings.subResults();
    }

    /** Adds a sub-result {@code Label-part} (see {@link SampleLabels}) from {@code start} to now, when sub-results are asked for. */
    public void step(String part, long start, boolean ok) {
        // The guard of TryContext.subResult's contract, kept: a body may record a step without asking
        // (ChExplain does). Statements and StatementList ask stepsWanted() first only to save the clock
        // read and the name; with this check gone, ChExplain's plans would add sub-results never asked for.
        if (!settings.subResults()) {
            return;
        }
        SampleResult sub = SampleResult.createTestSample(start, System.currentTimeMillis());
        sub.setSampleLabel(SampleLabels.subResult(label, part));
        sub.setSuccessful(ok);
        sub.setResponseCode(ok ? "200" : "");
        sub.setDataType(SampleResult.TEXT);
        if (subResults == null) {
            subResults = new ArrayList<>();
        }
        subResults.add(sub);
    }

    // TryContext: what a procedure may use of this try.
    @Override
    public Dialect dialect() { return session.dialect(); }

    @Override
    public PreparedStatement prepare(String text) throws SQLException { return session.prepare(text); }

    @Override
    public void subResult(String part, long startMillis, boolean ok) { step(part, startMillis, ok); }

    @Override
    public void addRows(long n) { rows += n; }

    @Override
    public void firstResult() {
        if (firstResultAt == 0) {
            firstResultAt = System.currentTimeMillis();
        }
    }

    @Override
    public void label(String newLabel) { label = newLabel; }

    @Override
    public void note(String text) { note = text; }

    @Override
    public void responseData(String text) { responseData = text; }

    @Override
    public Connection openConnection() throws SQLException { return SessionConnection.open(settings).jdbc(); }

    String label() { return label; }

    /** What a procedure asked to add to the response message, or null. */
    String note() { return note; }

    long rows() { return rows; }

    long firstResultAt() { return firstResultAt; }

    List<SampleResult> subResults() { return subResults == null ? List.of() : subResults; }

    /** The response data a procedure set, else the rows kept, else null. */
    String keptRows() {
        if (responseData != null) {
            return responseData;
        }
        return keptRows == null ? null : keptRows.toString();
    }

    /** True when the connection must be thrown away (rollback or lock release failed). */
    boolean connectionBroken() { return connectionBroken; }

    /** The named lock was not taken within its timeout: a lock_timeout outcome, not an error. */
    static final class LockNotTakenException extends Exception {
        private static final long serialVersionUID = 1L;

        LockNotTakenException(String message) {
            super(message);
        }
    }
}
