package org.dbstudy.jmeter;

import java.beans.PropertyDescriptor;
import org.apache.jmeter.testbeans.BeanInfoSupport;
import org.apache.jmeter.testbeans.gui.GenericTestBeanCustomizer;
import org.apache.jmeter.testbeans.gui.PasswordEditor;
import org.apache.jmeter.testbeans.gui.TextAreaEditor;

/**
 * The sampler's form in the JMeter GUI: six groups, dropdowns for the enumerations (which still take
 * a typed {@code ${…}}), text areas for SQL. Labels and tooltips are in TransactionSamplerResources.
 */
public class TransactionSamplerBeanInfo extends BeanInfoSupport {

    public TransactionSamplerBeanInfo() {
        super(TransactionSampler.class);
        createPropertyGroup("connection",
                new String[] {"dataSource", "url", "user", "password", "passwordEnv", "dialect", "connectionScope"});
        createPropertyGroup("statements",
                new String[] {"statements", "parameters", "transactionMode", "isolationLevel", "batchRows", "keepRows"});
        createPropertyGroup("locks", new String[] {"lockMode", "lockName", "lockTimeoutSeconds", "lockScope"});
        createPropertyGroup("timeouts", new String[] {"statementTimeoutMs", "lockWaitTimeoutMs", "sessionSettings"});
        createPropertyGroup("retries", new String[] {"maxTries", "retryOn", "backoffMs"});
        createPropertyGroup("results", new String[] {"subResults"});
        createPropertyGroup("procedureGroup", new String[] {"procedure", "procedureArguments"});

        text("dataSource", "");
        text("url", "${__P(db.url,jdbc:postgresql://127.0.0.1:5432/test)}");
        text("user", "${__P(db.user,postgres)}");
        PropertyDescriptor password = text("password", "${__P(db.password,)}");
        password.setPropertyEditorClass(PasswordEditor.class);
        text("passwordEnv", "");
        choice("dialect", "AUTO", "AUTO", "POSTGRESQL", "MYSQL", "MARIADB");
        choice("connectionScope", "THREAD", "THREAD", "SAMPLE");

        textArea("statements", "SELECT 1;", "sql");
        textArea("parameters", "", "text");
        choice("transactionMode", "TRANSACTION", "TRANSACTION", "AUTOCOMMIT");
        choice("isolationLevel", "DEFAULT",
                "DEFAULT", "READ_UNCOMMITTED", "READ_COMMITTED", "REPEATABLE_READ", "SERIALIZABLE");
        text("batchRows", "1");
        choice("keepRows", "false", "false", "true");

        choice("lockMode", "NONE", "NONE", "NAMED_LOCK");
        text("lockName", "");
        text("lockTimeoutSeconds", "10");
        choice("lockScope", "SAMPLE", "SAMPLE", "TRANSACTION");

        text("statementTimeoutMs", "");
        text("lockWaitTimeoutMs", "");
        textArea("sessionSettings", "", "properties");

        text("maxTries", "1");
        choice("retryOn", "SERIALIZATION_AND_DEADLOCK",
                "NONE", "SERIALIZATION_AND_DEADLOCK", "SERIALIZATION_DEADLOCK_AND_LOCK_TIMEOUT");
        text("backoffMs", "10");

        choice("subResults", "false", "false", "true");

        choice("procedure", "", java.util.stream.Stream.concat(java.util.stream.Stream.of(""),
                org.dbstudy.jmeter.procedure.Procedures.names().stream()).toArray(String[]::new));
        textArea("procedureArguments", "", "properties");
    }

    private PropertyDescriptor text(String name, String fallback) {
        PropertyDescriptor p = property(name);
        p.setValue(NOT_UNDEFINED, Boolean.TRUE);
        p.setValue(DEFAULT, fallback);
        return p;
    }

    private void textArea(String name, String fallback, String language) {
        PropertyDescriptor p = text(name, fallback);
        p.setPropertyEditorClass(TextAreaEditor.class);
        p.setValue(GenericTestBeanCustomizer.TEXT_LANGUAGE, language);
    }

    /** A dropdown that still accepts a typed value, so a level can come from ${…}. */
    private void choice(String name, String fallback, String... tags) {
        PropertyDescriptor p = text(name, fallback);
        p.setValue(TAGS, tags);
        p.setValue(NOT_OTHER, Boolean.FALSE);
        p.setValue(NOT_EXPRESSION, Boolean.FALSE);
    }
}
