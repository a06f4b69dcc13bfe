package org.dbstudy.generator.workload;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The property values of one {@code TransactionSampler}, all text, in the sampler's field order and
 * starting from the sampler's defaults. Setting a name the sampler does not have is a bug and throws.
 */
public final class SamplerSpec {
    private static final Map<String, String> DEFAULTS = defaults();

    private final String label;
    private final Map<String, String> properties = new LinkedHashMap<>(DEFAULTS);

    public SamplerSpec(String label) {
        this.label = label;
    }

    private static Map<String, String> defaults() {
        Map<String, String> d = new LinkedHashMap<>();
        d.put("dataSource", "");
        d.put("url", "");
        d.put("user", "");
        d.put("password", "");
        d.put("passwordEnv", "");
        d.put("dialect", "AUTO");
        d.put("connectionScope", "THREAD");
        d.put("statements", "");
        d.put("parameters", "");
        d.put("transactionMode", "TRANSACTION");
        d.put("isolationLevel", "DEFAULT");
        d.put("batchRows", "1");
        d.put("keepRows", "false");
        d.put("lockMode", "NONE");
        d.put("lockName", "");
        d.put("lockTimeoutSeconds", "10");
        d.put("lockScope", "SAMPLE");
        d.put("statementTimeoutMs", "");
        d.put("lockWaitTimeoutMs", "");
        d.put("sessionSettings", "");
        d.put("maxTries", "1");
        d.put("retryOn", "SERIALIZATION_AND_DEADLOCK");
        d.put("backoffMs", "10");
        d.put("subResults", "false");
        d.put("procedure", "");
        d.put("procedureArguments", "");
        return Collections.unmodifiableMap(d);
    }

    public String label() {
        return label;
    }

    public SamplerSpec set(String property, String value) {
        if (!properties.containsKey(property)) {
            throw new IllegalArgumentException("TransactionSampler has no property '" + property + "'");
        }
        properties.put(property, value);
        return this;
    }

    public String get(String property) {
        return properties.get(property);
    }

    /** Statements, one per entry, each written on its own line ending in ';'. */
    public SamplerSpec statements(List<String> sql) {
        StringBuilder sb = new StringBuilder();
        for (String s : sql) {
            sb.append(s).append(";\n");
        }
        return set("statements", sb.toString());
    }

    /** One line of comma-separated parameter values per statement. */
    public SamplerSpec parameters(List<String> lines) {
        return set("parameters", String.join("\n", lines));
    }

    /** A named lock around the sample. */
    public SamplerSpec namedLock(String name, String timeoutSeconds) {
        return set("lockMode", "NAMED_LOCK").set("lockName", name).set("lockTimeoutSeconds", timeoutSeconds);
    }

    public Map<String, String> properties() {
        return Collections.unmodifiableMap(properties);
    }
}
