package org.dbstudy.generator.workload;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.jmeter.LockMode;
import org.dbstudy.jmeter.SamplerField;

/**
 * The property values of one {@code TransactionSampler}, all text, in the sampler's field order and
 * starting from the sampler's initial values: both come from {@link SamplerField}, the sampler's
 * one field list. Setting a name the sampler does not have is a bug and throws.
 */
public final class SamplerSpec {
    private final String label;
    private final Map<String, String> properties = new LinkedHashMap<>();

    public SamplerSpec(String label) {
        this.label = label;
        for (SamplerField f : SamplerField.values()) {
            properties.put(f.key(), f.initial());
        }
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

    public SamplerSpec set(SamplerField field, String value) {
        return set(field.key(), value);
    }

    /** A choice field set to one of its words (an enum constant of the sampler). */
    public SamplerSpec set(SamplerField field, Enum<?> choice) {
        if (!field.choices().contains(choice.name())) {
            throw new IllegalArgumentException(field.key() + " has no choice " + choice.name());
        }
        return set(field.key(), choice.name());
    }

    public String get(String property) {
        return properties.get(property);
    }

    public String get(SamplerField field) {
        return properties.get(field.key());
    }

    /** Statements, one per entry, each written on its own line ending in ';'. */
    public SamplerSpec statements(List<String> sql) {
        StringBuilder sb = new StringBuilder();
        for (String s : sql) {
            sb.append(s).append(";\n");
        }
        return set(SamplerField.STATEMENTS, sb.toString());
    }

    /** One line of comma-separated parameter values per statement. */
    public SamplerSpec parameters(List<String> lines) {
        return set(SamplerField.PARAMETERS, String.join("\n", lines));
    }

    /**
     * Whole numbers the sampler draws itself, once per sample, one {@code name = random(min, max)} line
     * each; parameter values bind them as {@code :name}. Cheaper per sample than Random Variable config
     * elements and {@code ${name}} in the parameters, which JMeter evaluates and the sampler parses as text.
     */
    public SamplerSpec randomValues(List<RandomVariable> values) {
        StringBuilder sb = new StringBuilder();
        for (RandomVariable v : values) {
            sb.append(sb.isEmpty() ? "" : "\n").append(v.name()).append(" = random(").append(v.min()).append(", ")
                    .append(v.max()).append(')');
        }
        return set(SamplerField.RANDOM_VALUES, sb.toString());
    }

    /** A named lock around the sample. */
    public SamplerSpec namedLock(String name, String timeoutSeconds) {
        return set(SamplerField.LOCK_MODE, LockMode.NAMED_LOCK).set(SamplerField.LOCK_NAME, name)
                .set(SamplerField.LOCK_TIMEOUT_SECONDS, timeoutSeconds);
    }

    public Map<String, String> properties() {
        return Collections.unmodifiableMap(properties);
    }
}
