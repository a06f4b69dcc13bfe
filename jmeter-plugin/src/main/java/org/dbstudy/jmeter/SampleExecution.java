package org.dbstudy.jmeter;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.dbstudy.jmeter.dialect.Dialect;
import org.dbstudy.jmeter.dialect.Dialects;
import org.dbstudy.jmeter.procedure.IntendedRollbackException;
import org.dbstudy.jmeter.procedure.InvalidSettingException;
import org.dbstudy.jmeter.procedure.Procedure;
import org.dbstudy.jmeter.procedure.ProcedureFailedException;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.vocabulary.JdbcUrls;
import org.dbstudy.vocabulary.OutcomeClassifier;
import org.dbstudy.vocabulary.ResponseMessages;

/**
 * Runs samples for one JMeter thread: the retry loop, each try from connection to commit, and the
 * sample's result. Holds the thread's connection and the SQL as sent; never throws from
 * {@link #sample}: every failure becomes a failed result whose message starts with its {@link Outcome}.
 * Not thread-safe: one per thread, kept in the sampler's transient state.
 */
final class SampleExecution implements AutoCloseable {
    /** The label of a priming run's (unreported) sub-results. */
    private static final String PRIMING_LABEL = "prime";
    private SessionConnection session;
    private SamplerSettings lastSettings;
    private SamplerSettings sqlFor;
    private List<SqlStatement> sentSql;
    /** The statement list as a try's body, made when the SQL as sent is (not once per try). */
    private StatementList sentBody;
    private List<String> rewritten;
    private List<String> rewrittenFor;
    private int rewrittenRows;
    private Dialect rewrittenDialect;
    private String lostConnectionNote;
    /** A connection opened at thread start: its set-up time, or its failure, goes to the first sample. */
    private long connectedAtStartMs = -1;
    private long failedAtStart;
    private Attempt failureAtStart;
    /** This thread's instance of the named procedure; kept while the call is the same, so its random source lives on. */
    private Procedure procedure;
    private ProcedureCall procedureCall;
    /** This sample's draw of the settings' random values, bound where parameters say {@code :name}. */
    private long[] drawn = new long[0];
    /** The last plain success's response message and data: most samples repeat them exactly. */
    private final OkResponse ok = new OkResponse();

    /** This thread's schedule: each sample's intended start beside its actual one. */
    private final IntendedStart schedule = new IntendedStart();

    /** Runs one sample with checked settings; {@code result} is started and ended here. */
    void sample(SamplerSettings s, String label, SampleResult result) {
        schedule.begin(s.pauseMillis());
        try {
            sampleOnSchedule(s, label, result);
        } finally {
            schedule.end(result.getEndTime());
        }
    }

    private void sampleOnSchedule(SamplerSettings s, String label, SampleResult result) {
        use(s);
        try {
            useProcedure(s);
        } catch (InvalidSettingException e) {
            result.sampleStart();
            fail(result, Outcome.CONFIGURATION_ERROR, "CONFIG", e.getMessage());
            result.setStopTest(true);
            result.sampleEnd();
            return;
        }
        if (failureAtStart != null) {
            reportFailedConnect(result, failureAtStart, failedAtStart, connectedAtStartMs);
            failureAtStart = null;
            connectedAtStartMs = -1;
            return;
        }
        if (connectedAtStartMs >= 0) {
            result.setConnectTime(connectedAtStartMs);
            connectedAtStartMs = -1;
        }
        if (session == null && s.connectionScope() == ConnectionScope.THREAD && !connectBeforeTiming(s, result)) {
            return;
        }
        if (procedure != null) {
            // Once per sample, not per try: a mix draws its transaction here, and its terminal may wait
            // (keying and think time) before the sample's clock starts.
            procedure.startSample();
            schedule.procedureWait(System.currentTimeMillis(), procedure.pauseMillis());
            if (!PauseBeforeSample.await(procedure.pauseMillis())) {
                result.setIgnore(); // the test ended during the wait: no sample
                return;
            }
        }
        result.sampleStart();
        try {
            runWithRetries(s, label, result);
        } catch (RuntimeException e) {
            // A driver or JMeter bug must not kill the thread: report it as a failed sample.
            fail(result, Outcome.OTHER, "ERROR", e.toString());
        } finally {
            if (s.connectionScope() == ConnectionScope.SAMPLE) {
                // Connection kept for SAMPLE: each sample opens its own and closes it.
                dropConnection(null);
            }
        }
        if (result.getEndTime() == 0) {
            result.sampleEnd();
        }
    }

    /**
     * Opens the thread's connection and applies its session settings and isolation level before the
     * sample's clock starts; the time goes to the result's connect time. When that fails, the result
     * becomes the failure, timed over the attempt (a refused connection is data in a stress test),
     * and false is returned.
     */
    private boolean connectBeforeTiming(SamplerSettings s, SampleResult result) {
        long start = System.currentTimeMillis();
        Attempt failed = connect(s);
        long took = System.currentTimeMillis() - start;
        if (failed == null) {
            prime(s); // unmeasured: neither in the connect time nor in the sample
            if (session == null) {
                // Priming broke the connection: open it once more, unprimed.
                long again = System.currentTimeMillis();
                failed = connect(s);
                took += System.currentTimeMillis() - again;
            }
        }
        result.setConnectTime(took);
        if (failed == null) {
            return true;
        }
        reportFailedConnect(result, failed, start, took);
        return false;
    }

    /**
     * Connects when the JMeter thread starts, before its timer's first delay, so that the set-up of
     * one thread overlaps the first samples of others as little as possible. What happened is
     * reported by the thread's first sample.
     */
    void connectAtThreadStart(SamplerSettings s) {
        use(s);
        if (session != null || s.connectionScope() != ConnectionScope.THREAD) {
            return;
        }
        long start = System.currentTimeMillis();
        Attempt failed = connect(s);
        connectedAtStartMs = System.currentTimeMillis() - start;
        failedAtStart = start;
        failureAtStart = failed;
        if (failed == null) {
            prime(s);
        }
    }

    private void reportFailedConnect(SampleResult result, Attempt failed, long start, long took) {
        result.setStampAndTime(start, took);
        result.setConnectTime(took);
        if (failed.outcome == Outcome.NOT_APPLIED) {
            result.setStopTest(true);
        }
        finishFailed(result, failed, ResponseMessages.tries(1, null));
    }

    /** Opens the connection if there is none and brings it to the settings; null, or the failed attempt. */
    private Attempt connect(SamplerSettings s) {
        try {
            if (session == null) {
                session = SessionConnection.open(s);
            }
            session.applySession(s);
            session.applyIsolation(s.isolation());
            return null;
        } catch (ExperimentNotAppliedException e) {
            return new Attempt(Outcome.NOT_APPLIED, "NOT_APPLIED", e.getMessage(), null);
        } catch (SQLException e) {
            return connectFailed(s, e);
        }
    }

    /** A connection opened for other settings is closed when they name another server or user. */
    private void use(SamplerSettings s) {
        if (s != lastSettings) {
            if (lastSettings != null && !sameTarget(s, lastSettings)) {
                dropConnection(null);
            }
            lastSettings = s;
        }
    }

    /** A new call (other procedure, arguments or SQL) gets a new instance for this thread; the same call keeps it. */
    private void useProcedure(SamplerSettings s) throws InvalidSettingException {
        if (!java.util.Objects.equals(s.procedure(), procedureCall)) {
            procedureCall = s.procedure();
            procedure = procedureCall == null ? null
                    : procedureCall.instantiate(JMeterContextService.getContext().getThreadNum() + 1);
        }
    }

    static void fail(SampleResult result, Outcome outcome, String code, String message) {
        result.setSuccessful(false);
        result.setResponseCode(code);
        result.setResponseMessage(outcome.label() + ": " + message);
        result.setResponseData(result.getResponseMessage(), StandardCharsets.UTF_8.name());
    }

    private void runWithRetries(SamplerSettings s, String label, SampleResult result) {
        // Once per sample too: a retry binds the same values, as with JMeter's Random Variables.
        drawRandomValues(s);
        int tries = 0;
        int[] retried = null; // per outcome class, the tries that failed and were retried (made on the first retry)
        while (true) {
            tries++;
            Attempt attempt = attempt(s, label, result);
            boolean retry = attempt.outcome != Outcome.SUCCESS && s.retryOn().retries(attempt.outcome)
                    && tries < s.maxTries();
            if (!retry) {
                finish(result, attempt, tries, retried);
                return;
            }
            if (retried == null) {
                retried = new int[Outcome.count()];
            }
            retried[attempt.outcome.ordinal()]++;
            if (pastScheduledEnd() || !sleepBackoff(s, tries)) {
                // The window closed (or the test stopped) with the sample still retrying: the cell cut it
                // short, which is not a failure of the transaction. Its last try counts as retried.
                finish(result, attempt.cutAtEnd(), tries, retried);
                return;
            }
        }
    }

    /**
     * True once the thread group's scheduled end has passed: a sample then stops retrying and reports
     * its last try, as OLTPBench retried "until it succeeds or the phase ends". Without this, a
     * transaction retrying 50 s lock wait timeouts could hold the cell long after its duration.
     */
    private static boolean pastScheduledEnd() {
        long end = PauseBeforeSample.scheduledEnd();
        return end > 0 && System.currentTimeMillis() >= end;
    }

    private void drawRandomValues(SamplerSettings s) {
        RandomValues random = s.randomValues();
        if (!random.isEmpty()) {
            if (drawn.length != random.size()) {
                drawn = new long[random.size()];
            }
            random.draw(drawn);
        }
    }

    /**
     * Runs the statements {@code prime} times on the new connection, each rolled back, unmeasured
     * (see {@link Priming}). A priming run that fails is left to the first measured sample, which runs
     * the same statements and reports what happens; a connection that cannot roll back is dropped and
     * opened again before that sample.
     */
    private void prime(SamplerSettings s) {
        if (session == null || !Priming.applies(s)) {
            return;
        }
        for (int i = 0; i < s.prime(); i++) {
            drawRandomValues(s);
            TransactionRun run = new TransactionRun(session, s, body(s, session.dialect()), PRIMING_LABEL, drawn);
            boolean failed = false;
            try {
                run.runRolledBack();
            } catch (SQLException | IntendedRollbackException | ProcedureFailedException | RuntimeException e) {
                failed = true;
            }
            if (run.connectionBroken()) {
                dropConnection(null);
                return;
            }
            if (failed) {
                return;
            }
        }
    }

    /** One try, from connection to commit; the result of the try, never an exception. */
    private Attempt attempt(SamplerSettings s, String label, SampleResult result) {
        try {
            if (session == null) {
                long start = System.currentTimeMillis();
                session = SessionConnection.open(s);
                result.setConnectTime(System.currentTimeMillis() - start);
            }
            session.applySession(s);
            session.applyIsolation(s.isolation());
            TransactionRun run = new TransactionRun(session, s, body(s, session.dialect()), label, drawn);
            Attempt attempt;
            try {
                run.run();
                attempt = Attempt.success(run);
            } catch (IntendedRollbackException e) {
                attempt = new Attempt(Outcome.INTENDED_ROLLBACK, "200", e.getMessage(), run);
            } catch (ProcedureFailedException e) {
                result.setStopTest(e.stopTest());
                attempt = new Attempt(Outcome.CONFIGURATION_ERROR, "PROCEDURE", e.getMessage(), run);
            } catch (SQLException e) {
                attempt = Attempt.failure(OutcomeClassifier.classify(e), e, run);
            } catch (TransactionRun.LockNotTakenException e) {
                attempt = new Attempt(Outcome.LOCK_TIMEOUT, Outcome.LOCK_TIMEOUT.label(), e.getMessage(), run);
            }
            if (run.connectionBroken() || attempt.outcome == Outcome.CONNECTION_LOST) {
                dropConnection(attempt.outcome);
            }
            return attempt;
        } catch (ExperimentNotAppliedException e) {
            result.setStopTest(true);
            return new Attempt(Outcome.NOT_APPLIED, "NOT_APPLIED", e.getMessage(), null);
        } catch (SQLException e) {
            return connectFailed(s, e);
        }
    }

    /** Connecting or preparing the session failed. */
    private Attempt connectFailed(SamplerSettings s, SQLException e) {
        boolean connecting = session == null;
        Attempt attempt = Attempt.failure(OutcomeClassifier.classify(e), e, null);
        dropConnection(attempt.outcome);
        return connecting ? attempt.about(s.dataSource().isEmpty()
                ? "field 'url' (" + JdbcUrls.redact(s.url()) + ")" : "field 'dataSource' (pool " + s.dataSource() + ")") : attempt;
    }

    /** What a try runs: the thread's procedure when the sampler names one, else the statement list. */
    private TransactionBody body(SamplerSettings s, Dialect d) {
        if (procedure != null) {
            Procedure p = procedure;
            return p::run;
        }
        sentSql(s, d);
        return sentBody;
    }

    /**
     * @param tryCount how many tries the sample took
     * @param retried  per outcome class, the tries that failed and were retried; null when none. The
     *                 tries text ({@link ResponseMessages#tries(int, int[])}) is built only when it is
     *                 not the plain success's cached one.
     */
    private void finish(SampleResult result, Attempt attempt, int tryCount, int[] retried) {
        result.sampleEnd();
        TransactionRun run = attempt.run;
        if (run != null) {
            result.setSampleLabel(run.label());
            if (run.firstResultAt() > 0) {
                result.setLatency(run.firstResultAt() - result.getStartTime());
            }
            for (SampleResult sub : run.subResults()) {
                // Keep our names (Label-lock, Label-stmt1, Label-commit) instead of JMeter's Label-0, -1, …
                result.storeSubResult(sub, false);
            }
        }
        String note = lostConnectionNote == null ? "" : " (" + lostConnectionNote + ")";
        if (attempt.outcome == Outcome.SUCCESS) {
            lostConnectionNote = null;
            result.setSuccessful(true);
            result.setResponseCodeOK();
            String kept = run.keptRows();
            if (run.note() == null && note.isEmpty() && kept == null && retried == null) {
                ok.set(result, run.rows(), tryCount);
            } else {
                result.setResponseMessage("OK rows=" + run.rows() + " " + ResponseMessages.tries(tryCount, retried)
                        + (run.note() == null ? "" : " " + run.note()) + note);
                result.setResponseData((kept != null ? kept : "rows=" + run.rows() + "\n").getBytes(StandardCharsets.UTF_8));
            }
        } else if (attempt.outcome == Outcome.INTENDED_ROLLBACK) {
            // Rolled back on purpose (New-Order's unused item): a success of its own class, not an error.
            lostConnectionNote = null;
            result.setSuccessful(true);
            result.setResponseCodeOK();
            result.setResponseMessage(Outcome.INTENDED_ROLLBACK.messagePrefix() + attempt.message + " rows=" + run.rows()
                    + " " + ResponseMessages.tries(tryCount, retried) + note);
            result.setResponseData(result.getResponseMessage(), StandardCharsets.UTF_8.name());
        } else {
            finishFailed(result, attempt, ResponseMessages.tries(tryCount, retried));
        }
    }

    private void finishFailed(SampleResult result, Attempt attempt, String tries) {
        String note = lostConnectionNote == null ? "" : " (" + lostConnectionNote + ")";
        fail(result, attempt.outcome, attempt.code, attempt.message + " [" + tries + "]" + note);
    }

    /** Waits before the next try; false when the scheduled end came first (the wait is cut there) or a stop. */
    private static boolean sleepBackoff(SamplerSettings s, int tries) {
        long base = s.backoffMillis() << Math.min(tries - 1, 10);
        long wait = Math.min(5_000, (long) (base * (0.5 + ThreadLocalRandom.current().nextDouble())));
        return PauseBeforeSample.await(wait);
    }

    /** Same pool or server, user, password and dialect (the same Strings when only parameters changed). */
    private static boolean sameTarget(SamplerSettings a, SamplerSettings b) {
        return a.dataSource().equals(b.dataSource()) && a.url().equals(b.url()) && a.user().equals(b.user())
                && a.password().equals(b.password()) && a.dialectName().equals(b.dialectName());
    }

    /**
     * The SQL as sent: the batch rewriting of a 2000-row INSERT is done once per statement list and
     * dialect, not per sample; the parameter values are the sample's own.
     */
    private List<SqlStatement> sentSql(SamplerSettings s, Dialect d) {
        if (sqlFor != s) {
            if (rewrittenFor != s.statementTexts() || rewrittenRows != s.batchRows()
                    || rewrittenDialect == null || rewrittenDialect.getClass() != d.getClass()) {
                List<String> sql = new ArrayList<>();
                for (String text : s.statementTexts()) {
                    boolean batch = s.batchRows() > 1 && text.regionMatches(true, 0, "INSERT", 0, 6);
                    sql.add(batch ? d.batchInsert(text, s.batchRows()) : text);
                }
                rewritten = sql;
                rewrittenFor = s.statementTexts();
                rewrittenRows = s.batchRows();
                rewrittenDialect = d;
            }
            List<SqlStatement> out = new ArrayList<>(rewritten.size());
            for (int i = 0; i < rewritten.size(); i++) {
                boolean batch = rewritten.get(i) != s.statementTexts().get(i);
                out.add(new SqlStatement(rewritten.get(i), s.parameters().get(i), batch ? s.batchRows() : 1));
            }
            sentSql = out;
            sentBody = new StatementList(out, s.ownedTables());
            sqlFor = s;
        }
        return sentSql;
    }


    private void dropConnection(Outcome why) {
        if (session != null) {
            session.close();
            session = null;
        }
        if (why != null) {
            lostConnectionNote = "reconnected after " + why.label();
        }
    }

    @Override
    public void close() {
        dropConnection(null);
    }

    /**
     * A plain success's response (no retried tries), {@code OK rows=N tries=T} and {@code rows=N}, built
     * again only when N or T differ from the last sample's: a transaction that changes the same number of
     * rows every time need not format and encode both per sample. Two int compares on the hot path.
     */
    static final class OkResponse {
        private long rows = -1;
        private int tries = -1;
        private String message;
        private byte[] data;

        void set(SampleResult result, long rowCount, int tryCount) {
            if (rowCount != rows || tryCount != tries) {
                rows = rowCount;
                tries = tryCount;
                message = "OK rows=" + rowCount + " " + ResponseMessages.tries(tryCount, null);
                data = ("rows=" + rowCount + "\n").getBytes(StandardCharsets.UTF_8);
            }
            result.setResponseMessage(message);
            // Shared between this thread's results: nothing in JMeter writes into response data.
            result.setResponseData(data);
        }
    }

    /** What one try came to: the outcome, the code and message to report, and the run for details. */
    private record Attempt(Outcome outcome, String code, String message, TransactionRun run) {
        static Attempt success(TransactionRun run) {
            return new Attempt(Outcome.SUCCESS, "200", "OK", run);
        }

        /**
         * The same try, reported as {@link Outcome#RETRYING_AT_END}: the message keeps the last try's
         * class and text after the prefix, the code its SQLState.
         */
        Attempt cutAtEnd() {
            return new Attempt(Outcome.RETRYING_AT_END, code, outcome.messagePrefix() + message, run);
        }

        /** The same attempt, its message saying what it was about. */
        Attempt about(String what) {
            return new Attempt(outcome, code, "cannot connect, " + what + ": " + message, run);
        }

        static Attempt failure(Outcome outcome, SQLException e, TransactionRun run) {
            String state = e.getSQLState() == null ? "" : e.getSQLState();
            return new Attempt(outcome, (state.isEmpty() ? "ERROR" : state) + " " + e.getErrorCode(),
                    e.getMessage() == null ? e.toString() : e.getMessage().replace('\n', ' '), run);
        }
    }
}
