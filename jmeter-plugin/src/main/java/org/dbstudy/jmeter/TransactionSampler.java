package org.dbstudy.jmeter;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import org.apache.jmeter.samplers.AbstractSampler;
import org.apache.jmeter.samplers.Entry;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testbeans.TestBean;
import org.apache.jmeter.testbeans.TestBeanHelper;
import org.apache.jmeter.testelement.ThreadListener;

/**
 * A JMeter sampler that runs several SQL statements as one transaction and one sample, with an
 * isolation level, a named lock, timeouts and retries, and errors classified by what they mean for
 * a study. This class is the TestBean: it holds the fields ({@link SamplerField}) and parses them
 * when they change; {@link SampleExecution} runs the sample. {@link #sample(Entry)} never throws.
 *
 * <p>The fields are JMeter properties (all text, so any of them may hold {@code ${…}}); the
 * connection is runtime state of one thread, transient, so plans travel to remote agents unchanged.
 */
public class TransactionSampler extends AbstractSampler implements TestBean, ThreadListener {
    private static final long serialVersionUID = 1L;

    private final Map<SamplerField, String> fields = initialFields();

    /** Set when JMeter hands a field a different value; the settings are parsed again only then. */
    private transient boolean fieldsChanged;
    private transient SamplerSettings settings;
    private transient SampleExecution execution;

    @Override
    public SampleResult sample(Entry entry) {
        SampleResult result = new SampleResult();
        result.setSampleLabel(getName());
        result.setDataType(SampleResult.TEXT);
        SamplerSettings s;
        try {
            s = settings();
        } catch (InvalidSettingException e) {
            result.sampleStart();
            SampleExecution.fail(result, Outcome.CONFIGURATION_ERROR, "CONFIG", e.getMessage());
            result.setStopTest(true);
            result.sampleEnd();
            return result;
        }
        execution().sample(s, getName(), result);
        return result;
    }

    private SampleExecution execution() {
        if (execution == null) {
            execution = new SampleExecution();
        }
        return execution;
    }

    /** Parses the fields only when JMeter handed over different values than last time. */
    private SamplerSettings settings() throws InvalidSettingException {
        if (settings == null || fieldsChanged) {
            SamplerSettings parsed = SamplerSettings.parse(fields::get);
            execution().settingsChanged(settings, parsed);
            settings = parsed;
            fieldsChanged = false;
        }
        return settings;
    }

    private static Map<SamplerField, String> initialFields() {
        Map<SamplerField, String> m = new EnumMap<>(SamplerField.class);
        for (SamplerField f : SamplerField.values()) {
            // Text fields start empty (a plan or the GUI sets them); choices and numbers at their default.
            m.put(f, f.kind() == SamplerField.Kind.CHOICE || f.kind() == SamplerField.Kind.WHOLE
                    || f.kind() == SamplerField.Kind.DECIMAL ? f.initial() : "");
        }
        return m;
    }

    private String get(SamplerField f) {
        return fields.get(f);
    }

    /** Stores a new value, noting whether it changed (the same String comes back for constants). */
    private void set(SamplerField f, String value) {
        if (!Objects.equals(fields.put(f, value), value)) {
            fieldsChanged = true;
        }
    }

    /**
     * THREAD connects here, before the first sample's timer, when it connects by URL; a JDBC
     * Connection Configuration's pool, or a field JMeter cannot evaluate yet, waits for the first
     * sample, which then connects before its clock starts.
     */
    @Override
    public void threadStarted() {
        TestBeanHelper.prepare(this);
        try {
            SamplerSettings s = settings();
            if (s.dataSource().isEmpty()) {
                execution().connectAtThreadStart(s);
            }
        } catch (InvalidSettingException e) {
            // The first sample parses the fields again and reports the problem as its result.
            settings = null;
        }
    }

    @Override
    public void threadFinished() {
        if (execution != null) {
            execution.close();
        }
    }

    // Bean accessors: JMeter's TestBean machinery sets the fields through these before each sample.
    public String getDataSource() { return get(SamplerField.DATA_SOURCE); }
    public void setDataSource(String v) { set(SamplerField.DATA_SOURCE, v); }
    public String getUrl() { return get(SamplerField.URL); }
    public void setUrl(String v) { set(SamplerField.URL, v); }
    public String getUser() { return get(SamplerField.USER); }
    public void setUser(String v) { set(SamplerField.USER, v); }
    public String getPassword() { return get(SamplerField.PASSWORD); }
    public void setPassword(String v) { set(SamplerField.PASSWORD, v); }
    public String getPasswordEnv() { return get(SamplerField.PASSWORD_ENV); }
    public void setPasswordEnv(String v) { set(SamplerField.PASSWORD_ENV, v); }
    public String getDialect() { return get(SamplerField.DIALECT); }
    public void setDialect(String v) { set(SamplerField.DIALECT, v); }
    public String getConnectionScope() { return get(SamplerField.CONNECTION_SCOPE); }
    public void setConnectionScope(String v) { set(SamplerField.CONNECTION_SCOPE, v); }
    public String getStatements() { return get(SamplerField.STATEMENTS); }
    public void setStatements(String v) { set(SamplerField.STATEMENTS, v); }
    public String getParameters() { return get(SamplerField.PARAMETERS); }
    public void setParameters(String v) { set(SamplerField.PARAMETERS, v); }
    public String getTransactionMode() { return get(SamplerField.TRANSACTION_MODE); }
    public void setTransactionMode(String v) { set(SamplerField.TRANSACTION_MODE, v); }
    public String getIsolationLevel() { return get(SamplerField.ISOLATION_LEVEL); }
    public void setIsolationLevel(String v) { set(SamplerField.ISOLATION_LEVEL, v); }
    public String getBatchRows() { return get(SamplerField.BATCH_ROWS); }
    public void setBatchRows(String v) { set(SamplerField.BATCH_ROWS, v); }
    public String getKeepRows() { return get(SamplerField.KEEP_ROWS); }
    public void setKeepRows(String v) { set(SamplerField.KEEP_ROWS, v); }
    public String getLockMode() { return get(SamplerField.LOCK_MODE); }
    public void setLockMode(String v) { set(SamplerField.LOCK_MODE, v); }
    public String getLockName() { return get(SamplerField.LOCK_NAME); }
    public void setLockName(String v) { set(SamplerField.LOCK_NAME, v); }
    public String getLockTimeoutSeconds() { return get(SamplerField.LOCK_TIMEOUT_SECONDS); }
    public void setLockTimeoutSeconds(String v) { set(SamplerField.LOCK_TIMEOUT_SECONDS, v); }
    public String getLockScope() { return get(SamplerField.LOCK_SCOPE); }
    public void setLockScope(String v) { set(SamplerField.LOCK_SCOPE, v); }
    public String getStatementTimeoutMs() { return get(SamplerField.STATEMENT_TIMEOUT_MS); }
    public void setStatementTimeoutMs(String v) { set(SamplerField.STATEMENT_TIMEOUT_MS, v); }
    public String getLockWaitTimeoutMs() { return get(SamplerField.LOCK_WAIT_TIMEOUT_MS); }
    public void setLockWaitTimeoutMs(String v) { set(SamplerField.LOCK_WAIT_TIMEOUT_MS, v); }
    public String getSessionSettings() { return get(SamplerField.SESSION_SETTINGS); }
    public void setSessionSettings(String v) { set(SamplerField.SESSION_SETTINGS, v); }
    public String getMaxTries() { return get(SamplerField.MAX_TRIES); }
    public void setMaxTries(String v) { set(SamplerField.MAX_TRIES, v); }
    public String getRetryOn() { return get(SamplerField.RETRY_ON); }
    public void setRetryOn(String v) { set(SamplerField.RETRY_ON, v); }
    public String getBackoffMs() { return get(SamplerField.BACKOFF_MS); }
    public void setBackoffMs(String v) { set(SamplerField.BACKOFF_MS, v); }
    public String getSubResults() { return get(SamplerField.SUB_RESULTS); }
    public void setSubResults(String v) { set(SamplerField.SUB_RESULTS, v); }
}
