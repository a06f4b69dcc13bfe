package org.dbstudy.jmeter;

import java.util.Arrays;
import java.util.function.Function;
import org.apache.jmeter.samplers.AbstractSampler;
import org.apache.jmeter.samplers.Entry;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.ThreadListener;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.PropertyIterator;
import org.apache.jmeter.testelement.property.StringProperty;
import org.apache.jmeter.threads.JMeterContextService;
import org.dbstudy.jmeter.agent.AgentRole;
import org.dbstudy.jmeter.procedure.InvalidSettingException;
import org.dbstudy.vocabulary.Outcome;

/**
 * A JMeter sampler that runs several SQL statements as one transaction and one sample, with an
 * isolation level, a named lock, timeouts and retries, and errors classified by what they mean for
 * a study. {@link #sample(Entry)} never throws: every failure becomes a failed result.
 *
 * <p>This class is the JMeter element and only that: its fields ({@link SamplerField}) are plain
 * JMeter properties, text that may hold {@code ${…}}, read in one pass over the element's properties and parsed
 * again only when a text changed ({@link SettingsReader}); {@link SampleExecution} runs the sample.
 * It is not a TestBean, so JMeter does not copy every field by reflection before each sample; its form
 * is {@link TransactionSamplerGui}. Plans saved by the TestBean version load unchanged: the property
 * names are the same, and their TestBean GUI class is replaced by ours on load. Runtime state is
 * transient, so plans travel to remote agents by Java serialization as they are.
 */
public class TransactionSampler extends AbstractSampler implements ThreadListener {
    private static final long serialVersionUID = 2L;

    /** The GUI class a plan names for this sampler. */
    public static final String GUI_CLASS = "org.dbstudy.jmeter.TransactionSamplerGui";
    /** What plans saved by the TestBean version (0.1.0) name as their GUI class. */
    static final String TEST_BEAN_GUI = "org.apache.jmeter.testbeans.gui.TestBeanGUI";

    private static final int FIELD_COUNT = SamplerField.values().length;

    private transient SettingsReader reader;
    /** This sample's field texts by ordinal, and the reader's view of them (made once, not per sample). */
    private transient String[] texts;
    private transient Function<SamplerField, String> text;
    private transient SampleExecution execution;

    /**
     * The sample's result; null (JMeter records nothing) for a setUp or tearDown sample that another agent
     * of a distributed cell takes ({@link AgentRole}).
     */
    @Override
    public SampleResult sample(Entry entry) {
        if (AgentRole.skipsSample(JMeterContextService.getContext())) {
            return null;
        }
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

    /** The settings for this sample's field texts, parsed again only when one of them changed. */
    SamplerSettings settings() throws InvalidSettingException {
        if (reader == null) {
            reader = new SettingsReader();
            String[] t = new String[FIELD_COUNT];
            texts = t;
            text = f -> t[f.ordinal()];
        }
        readTexts(texts);
        return reader.read(text);
    }

    /**
     * Every field's text as {@code getPropertyAsString} gives it (empty when the plan does not set it),
     * read in one pass over the element's properties: a look-up per field would cost a synchronized
     * map get each, and a new NullProperty for each field the plan leaves out, 27 per sample.
     */
    void readTexts(String[] into) {
        Arrays.fill(into, "");
        PropertyIterator it = propertyIterator();
        while (it.hasNext()) {
            JMeterProperty p = it.next();
            SamplerField f = SamplerField.byKey(p.getName());
            if (f != null) {
                into[f.ordinal()] = p.getStringValue();
            }
        }
    }

    private SampleExecution execution() {
        if (execution == null) {
            execution = new SampleExecution();
        }
        return execution;
    }

    /** Sets a field's text, as a plan or the GUI does. */
    public void set(SamplerField field, String value) {
        setProperty(field.key(), value == null ? "" : value);
    }

    /** A field's text as written (before JMeter evaluates its {@code ${…}}). */
    public String get(SamplerField field) {
        return getPropertyAsString(field.key());
    }

    /** Plans saved by the TestBean version name TestBeanGUI: open them in this sampler's own form. */
    @Override
    public void setProperty(JMeterProperty property) {
        if (TestElement.GUI_CLASS.equals(property.getName()) && TEST_BEAN_GUI.equals(property.getStringValue())) {
            super.setProperty(new StringProperty(TestElement.GUI_CLASS, GUI_CLASS));
            return;
        }
        super.setProperty(property);
    }

    /**
     * THREAD connects (and primes, see {@link Priming}) here, before the thread's first timer delay,
     * when it connects by URL; a JDBC Connection Configuration's pool, or a field JMeter cannot
     * evaluate yet, waits for the first sample, which then connects before its clock starts. Then the
     * thread waits for the other threads of its group to do the same ({@link StartBarrier}), so no
     * thread's connection set-up runs beside another's first samples, and the group's duration counts
     * from the barrier's opening.
     */
    @Override
    public void threadStarted() {
        // Also where another agent takes this setUp's samples: the connection made (and closed) here loads the
        // driver and opens the server's door once before the start gate, so this agent's users connect as fast
        // as the setUp agent's (measured: the first connection took 3 s longer under load without it).
        try {
            SamplerSettings s = settings();
            if (s.dataSource().isEmpty()) {
                execution().connectAtThreadStart(s);
            }
        } catch (InvalidSettingException e) {
            // The first sample reads the fields again and reports the problem as its result.
            reader = null;
        }
        StartBarrier.hold(JMeterContextService.getContext(), getName());
    }

    /** Closes the thread's connection; a distributed cell's setUp thread then holds until the common start ({@link AgentRole}). */
    @Override
    public void threadFinished() {
        if (execution != null) {
            execution.close();
        }
        AgentRole.holdUntilStart(JMeterContextService.getContext());
    }

    // Setters for code that builds a sampler (tests, programs); a plan sets the same properties.
    public void setDataSource(String v) { set(SamplerField.DATA_SOURCE, v); }
    public void setUrl(String v) { set(SamplerField.URL, v); }
    public void setUser(String v) { set(SamplerField.USER, v); }
    public void setPassword(String v) { set(SamplerField.PASSWORD, v); }
    public void setPasswordEnv(String v) { set(SamplerField.PASSWORD_ENV, v); }
    public void setDialect(String v) { set(SamplerField.DIALECT, v); }
    public void setConnectionScope(String v) { set(SamplerField.CONNECTION_SCOPE, v); }
    public void setPrime(String v) { set(SamplerField.PRIME, v); }
    public void setStatements(String v) { set(SamplerField.STATEMENTS, v); }
    public void setParameters(String v) { set(SamplerField.PARAMETERS, v); }
    public void setRandomValues(String v) { set(SamplerField.RANDOM_VALUES, v); }
    public void setTransactionMode(String v) { set(SamplerField.TRANSACTION_MODE, v); }
    public void setIsolationLevel(String v) { set(SamplerField.ISOLATION_LEVEL, v); }
    public void setBatchRows(String v) { set(SamplerField.BATCH_ROWS, v); }
    public void setOwnedTables(String v) { set(SamplerField.OWNED_TABLES, v); }
    public void setKeepRows(String v) { set(SamplerField.KEEP_ROWS, v); }
    public void setLockMode(String v) { set(SamplerField.LOCK_MODE, v); }
    public void setLockName(String v) { set(SamplerField.LOCK_NAME, v); }
    public void setLockTimeoutSeconds(String v) { set(SamplerField.LOCK_TIMEOUT_SECONDS, v); }
    public void setLockScope(String v) { set(SamplerField.LOCK_SCOPE, v); }
    public void setStatementTimeoutMs(String v) { set(SamplerField.STATEMENT_TIMEOUT_MS, v); }
    public void setLockWaitTimeoutMs(String v) { set(SamplerField.LOCK_WAIT_TIMEOUT_MS, v); }
    public void setSessionSettings(String v) { set(SamplerField.SESSION_SETTINGS, v); }
    public void setMaxTries(String v) { set(SamplerField.MAX_TRIES, v); }
    public void setRetryOn(String v) { set(SamplerField.RETRY_ON, v); }
    public void setBackoffMs(String v) { set(SamplerField.BACKOFF_MS, v); }
    public void setSubResults(String v) { set(SamplerField.SUB_RESULTS, v); }

    public void setPauseMs(String v) { set(SamplerField.PAUSE_MS, v); }
    public void setProcedure(String v) { set(SamplerField.PROCEDURE, v); }
    public void setProcedureArguments(String v) { set(SamplerField.PROCEDURE_ARGUMENTS, v); }
}
