package org.dbstudy.jmeter.procedure;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.jmeter.dialect.Dialect;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * A procedure's statements as they are sent: the default SQL for the connection's dialect, with the
 * plan's overrides ({@code name: SQL;} in the statements field) put in their place.
 */
public final class NamedSql {
    private final ProcedureDefinition definition;
    private final Map<String, String> overrides;
    /** Per database kind, every statement as sent (defaults with the overrides put in): one look-up per statement. */
    private final Map<DatabaseKind, Map<String, String>> byDialect = new EnumMap<>(DatabaseKind.class);
    /** Per database kind, the texts of pipelines by their statements' names ({@link #joined}). */
    private final Map<DatabaseKind, Map<List<String>, String>> joinedByDialect = new EnumMap<>(DatabaseKind.class);

    /** The sampler's checked overrides ({@code ProcedureCall}) over the definition's defaults. */
    public NamedSql(ProcedureDefinition definition, Map<String, String> overrides) {
        this.definition = definition;
        this.overrides = new LinkedHashMap<>(overrides);
    }

    /** The SQL of one statement for a dialect. */
    public String sql(String name, Dialect dialect) {
        Map<String, String> sent = byDialect.get(dialect.kind());
        if (sent == null) {
            sent = new HashMap<>(definition.defaultSql(dialect.kind()));
            sent.putAll(overrides);
            byDialect.put(dialect.kind(), sent);
        }
        String sql = sent.get(name);
        if (sql == null) {
            throw new IllegalArgumentException(definition.name() + " has no statement " + name);
        }
        return sql;
    }

    /**
     * The statements as one text, {@code a;\nb;\nc}, for one round trip ({@link Statements#pipeline}); made
     * once per list of names and dialect. Each keeps its {@code ?} markers, numbered on across the text.
     */
    public String joined(List<String> names, Dialect dialect) {
        Map<List<String>, String> cache = joinedByDialect.computeIfAbsent(dialect.kind(), k -> new HashMap<>());
        String text = cache.get(names);
        if (text == null) {
            StringBuilder b = new StringBuilder();
            for (String name : names) {
                if (b.length() > 0) {
                    b.append(";\n");
                }
                b.append(sql(name, dialect));
            }
            text = b.toString();
            cache.put(List.copyOf(names), text);
        }
        return text;
    }

    public Map<String, String> overrides() { return Map.copyOf(overrides); }

    /** Runs statements of this procedure in one try. */
    public Statements in(TryContext ctx) {
        return new Statements(ctx, this);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NamedSql n && n.definition.name().equals(definition.name()) && n.overrides.equals(overrides);
    }

    @Override
    public int hashCode() { return overrides.hashCode(); }
}
