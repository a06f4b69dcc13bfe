package org.dbstudy.jmeter;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.jmeter.samplers.AbstractSampler;
import org.apache.jmeter.samplers.Entry;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testelement.ThreadListener;
import org.dbstudy.jmeter.dialect.Dialect;
import org.dbstudy.jmeter.dialect.Dialects;
import org.dbstudy.jmeter.procedure.IntendedRollbackException;
import org.dbstudy.jmeter.procedure.Procedure;
import org.dbstudy.jmeter.procedure.ProcedureCall;
import org.dbstudy.jmeter.procedure.ProcedureFailedException;

/**
 * A JMeter sampler that runs several SQL statements as one transaction and one sample, with an
 * isolation level, a named lock, timeouts and retries, and errors classified by what they mean for
 * a study. {@link #sample(Entry)} never throws: every failure becomes a failed result whose message
 * starts with its {@link Outcome} class.
 *
 * <p>The fields are JMeter properties (all text, so any of them may hold {@code ${…}}); the
 * connection is runtime state of one thread, transient, so plans travel to remote agents unchanged.
 */
public class TransactionSampler extends AbstractSampler implements TestBean, ThreadListener {
    private static final long serialVersionUID = 1L;

    // Connection
    private String dataSource = "";
    private String url = "";
    private String user = "";
    private String password = "";
    private String passwordEnv = "";
    private String dialect = Dialects.AUTO;
    private String connectionScope = "THREAD";
    // Statements
    private String statements = "";
    private String parameters = "";
    private String transactionMode = "TRANSACTION";
    private String isolationLevel = "DEFAULT";
    private String batchRows = "1";
    private String keepRows = "false";
    // Locks
    private String lockMode = "NONE";
    private String lockName = "";
    private String lockTimeoutSeconds = "10";
    private String lockScope = "SAMPLE";
    // Timeouts and session
    private String statementTimeoutMs = "";
    private String lockWaitTimeoutMs = "";
    private String sessionSettings = "";
    // Retries
    private String maxTries = "1";
    private String retryOn = "SERIALIZATION_AND_DEADLOCK";
    private String backoffMs = "10";
    // Results
    private String subResults = "false";
    // Procedure (empty: run the statements above)
    private String procedure = "";
    private String procedureArguments = "";

    private transient SessionConnection session;
    /** Set when JMeter hands a field a different value; the settings are parsed again only then. */
    private transient boolean fieldsChanged;
    private transient SamplerSettings settings;
    private transient List<SqlStatement> sentSql;
    private transient String lostConnectionNote;
    /** This thread's instance of the named procedure; kept while the call is the same, so its random source lives on. */
    private transient Procedure procedureInstance;
    private transient ProcedureCall procedureCall;

    @Override
    public SampleResult sample(Entry entry) {
        SampleResult result = new SampleResult();
        result.setSampleLabel(getName());
        result.setDataType(SampleResult.TEXT);
        result.sampleStart();
        try {
            SamplerSettings s = settings();
            try {
                runWithRetries(s, result);
            } finally {
                if (!s.connectionPerThread()) {
                    // Connection kept for SAMPLE: each sample opens its own and closes it.
                    dropConnection(null);
                }
            }
        } catch (InvalidSettingException e) {
            fail(result, Outcome.CONFIGURATION_ERROR, "CONFIG", e.getMessage());
            result.setStopTest(true);
        } catch (RuntimeException e) {
            // A driver or JMeter bug must not kill the thread: report it as a failed sample.
            fail(result, Outcome.OTHER, "ERROR", e.toString());
        }
        if (result.getEndTime() == 0) {
            result.sampleEnd();
        }
        return result;
    }

    private void runWithRetries(SamplerSettings s, SampleResult result) {
        if (procedureInstance != null) {
            procedureInstance.startSample();
        }
        int tries = 0;
        while (true) {
            tries++;
            Attempt attempt = attempt(s, result);
            boolean retry = attempt.outcome != Outcome.SUCCESS && s.retryOn().contains(attempt.outcome)
                    && tries < s.maxTries();
            if (!retry || !sleepBackoff(s, tries)) {
                finish(result, attempt, tries);
                return;
            }
        }
    }

    /** One try, from connection to commit; the result of the try, never an exception. */
    private Attempt attempt(SamplerSettings s, SampleResult result) {
        try {
            if (session == null) {
                long start = System.currentTimeMillis();
                session = SessionConnection.open(s);
                result.setConnectTime(System.currentTimeMillis() - start);
            }
            session.applySession(s);
            session.applyIsolation(s.isolation());
            TransactionRun run = new TransactionRun(session, s, procedureInstance == null ? sentSql(s, session.dialect())
                    : List.of(), procedureInstance, getName());
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
                attempt = Attempt.failure(session.dialect().classify(e), e, run);
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
            // Connecting or preparing the session failed: classify with what we know of the database.
            boolean connecting = session == null;
            Dialect d = connecting ? guessDialect(s) : session.dialect();
            Attempt attempt = Attempt.failure(d.classify(e), e, null);
            dropConnection(attempt.outcome);
            return connecting ? attempt.about(s.dataSource().isEmpty()
                    ? "field 'url' (" + JdbcUrls.redact(s.url()) + ")" : "field 'dataSource' (pool " + s.dataSource() + ")") : attempt;
        }
    }

    private void finish(SampleResult result, Attempt attempt, int tries) {
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
            result.setResponseMessage("OK rows=" + run.rows() + " tries=" + tries
                    + (run.note() == null ? "" : " " + run.note()) + note);
            String kept = run.keptRows();
            result.setResponseData((kept != null ? kept : "rows=" + run.rows() + "\n").getBytes(StandardCharsets.UTF_8));
        } else if (attempt.outcome == Outcome.INTENDED_ROLLBACK) {
            // Rolled back on purpose (New-Order's unused item): a success of its own class, not an error.
            result.setSuccessful(true);
            result.setResponseCodeOK();
            result.setResponseMessage(Outcome.INTENDED_ROLLBACK.label() + ": " + attempt.message + " rows=" + run.rows()
                    + " tries=" + tries + note);
            result.setResponseData(result.getResponseMessage(), StandardCharsets.UTF_8.name());
        } else {
            fail(result, attempt.outcome, attempt.code, attempt.message + " [tries=" + tries + "]" + note);
        }
    }

    private static void fail(SampleResult result, Outcome outcome, String code, String message) {
        result.setSuccessful(false);
        result.setResponseCode(code);
        result.setResponseMessage(outcome.label() + ": " + message);
        result.setResponseData(result.getResponseMessage(), StandardCharsets.UTF_8.name());
    }

    private boolean sleepBackoff(SamplerSettings s, int tries) {
        long base = s.backoffMillis() << Math.min(tries - 1, 10);
        long wait = Math.min(5_000, (long) (base * (0.5 + ThreadLocalRandom.current().nextDouble())));
        try {
            Thread.sleep(wait);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Parses the fields only when JMeter handed over different values than last time. */
    private SamplerSettings settings() throws InvalidSettingException {
        if (settings == null || fieldsChanged) {
            SamplerSettings parsed = SamplerSettings.parse(new SamplerSettings.Raw(dataSource, url, user, password,
                    passwordEnv, dialect, connectionScope, statements, parameters, transactionMode, isolationLevel,
                    batchRows, keepRows, lockMode, lockName, lockTimeoutSeconds, lockScope, statementTimeoutMs,
                    lockWaitTimeoutMs, sessionSettings, maxTries, retryOn, backoffMs, subResults,
                    procedure, procedureArguments));
            if (settings != null && session != null && !connectionTarget(parsed).equals(connectionTarget(settings))) {
                dropConnection(null);
            }
            settings = parsed;
            fieldsChanged = false;
            sentSql = null;
            if (!java.util.Objects.equals(parsed.procedure(), procedureCall)) {
                procedureCall = parsed.procedure();
                procedureInstance = procedureCall == null ? null
                        : procedureCall.instantiate(org.apache.jmeter.threads.JMeterContextService.getContext().getThreadNum() + 1);
            }
        }
        return settings;
    }

    /** The new value of a field, noting whether it changed (the same String comes back for constants). */
    private String track(String old, String value) {
        if (!java.util.Objects.equals(old, value)) {
            fieldsChanged = true;
        }
        return value;
    }

    private static String connectionTarget(SamplerSettings s) {
        return s.dataSource() + "|" + s.url() + "|" + s.user() + "|" + s.password() + "|" + s.dialectName();
    }

    /** The SQL as sent, built once per settings (batch rewriting of a 2000-row INSERT is not free). */
    private List<SqlStatement> sentSql(SamplerSettings s, Dialect d) {
        if (sentSql == null) {
            List<SqlStatement> out = new ArrayList<>();
            for (int i = 0; i < s.statementTexts().size(); i++) {
                String text = s.statementTexts().get(i);
                boolean batch = s.batchRows() > 1 && text.regionMatches(true, 0, "INSERT", 0, 6);
                out.add(new SqlStatement(batch ? d.batchInsert(text, s.batchRows()) : text,
                        s.parameters().get(i), batch ? s.batchRows() : 1));
            }
            sentSql = out;
        }
        return sentSql;
    }

    private static Dialect guessDialect(SamplerSettings s) {
        if (s.chosenDialect() != null) {
            return s.chosenDialect();
        }
        Dialect byUrl = Dialects.forUrl(s.url());
        return byUrl != null ? byUrl : Dialects.byName("POSTGRESQL");
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
    public void threadStarted() {
        // The connection opens with the first sample, so that its cost and failures are measured.
    }

    @Override
    public void threadFinished() {
        dropConnection(null);
    }

    /** What one try came to: the outcome, the code and message to report, and the run for details. */
    private record Attempt(Outcome outcome, String code, String message, TransactionRun run) {
        static Attempt success(TransactionRun run) {
            return new Attempt(Outcome.SUCCESS, "200", "OK", run);
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

    // Bean accessors: JMeter's TestBean machinery sets the fields through these before each sample.
    public String getDataSource() { return dataSource; }
    public void setDataSource(String v) { dataSource = track(dataSource, v); }
    public String getUrl() { return url; }
    public void setUrl(String v) { url = track(url, v); }
    public String getUser() { return user; }
    public void setUser(String v) { user = track(user, v); }
    public String getPassword() { return password; }
    public void setPassword(String v) { password = track(password, v); }
    public String getPasswordEnv() { return passwordEnv; }
    public void setPasswordEnv(String v) { passwordEnv = track(passwordEnv, v); }
    public String getDialect() { return dialect; }
    public void setDialect(String v) { dialect = track(dialect, v); }
    public String getConnectionScope() { return connectionScope; }
    public void setConnectionScope(String v) { connectionScope = track(connectionScope, v); }
    public String getStatements() { return statements; }
    public void setStatements(String v) { statements = track(statements, v); }
    public String getParameters() { return parameters; }
    public void setParameters(String v) { parameters = track(parameters, v); }
    public String getTransactionMode() { return transactionMode; }
    public void setTransactionMode(String v) { transactionMode = track(transactionMode, v); }
    public String getIsolationLevel() { return isolationLevel; }
    public void setIsolationLevel(String v) { isolationLevel = track(isolationLevel, v); }
    public String getBatchRows() { return batchRows; }
    public void setBatchRows(String v) { batchRows = track(batchRows, v); }
    public String getKeepRows() { return keepRows; }
    public void setKeepRows(String v) { keepRows = track(keepRows, v); }
    public String getLockMode() { return lockMode; }
    public void setLockMode(String v) { lockMode = track(lockMode, v); }
    public String getLockName() { return lockName; }
    public void setLockName(String v) { lockName = track(lockName, v); }
    public String getLockTimeoutSeconds() { return lockTimeoutSeconds; }
    public void setLockTimeoutSeconds(String v) { lockTimeoutSeconds = track(lockTimeoutSeconds, v); }
    public String getLockScope() { return lockScope; }
    public void setLockScope(String v) { lockScope = track(lockScope, v); }
    public String getStatementTimeoutMs() { return statementTimeoutMs; }
    public void setStatementTimeoutMs(String v) { statementTimeoutMs = track(statementTimeoutMs, v); }
    public String getLockWaitTimeoutMs() { return lockWaitTimeoutMs; }
    public void setLockWaitTimeoutMs(String v) { lockWaitTimeoutMs = track(lockWaitTimeoutMs, v); }
    public String getSessionSettings() { return sessionSettings; }
    public void setSessionSettings(String v) { sessionSettings = track(sessionSettings, v); }
    public String getMaxTries() { return maxTries; }
    public void setMaxTries(String v) { maxTries = track(maxTries, v); }
    public String getRetryOn() { return retryOn; }
    public void setRetryOn(String v) { retryOn = track(retryOn, v); }
    public String getBackoffMs() { return backoffMs; }
    public void setBackoffMs(String v) { backoffMs = track(backoffMs, v); }
    public String getSubResults() { return subResults; }
    public void setSubResults(String v) { subResults = track(subResults, v); }
    public String getProcedure() { return procedure; }
    public void setProcedure(String v) { procedure = track(procedure, v); }
    public String getProcedureArguments() { return procedureArguments; }
    public void setProcedureArguments(String v) { procedureArguments = track(procedureArguments, v); }
}
