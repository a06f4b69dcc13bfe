package org.dbstudy.jmeter.procedure;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * The procedures the sampler knows, by name (the {@code procedure} field's value): those of every
 * {@link ProcedureProvider} the plugin's jar lists.
 */
public final class Procedures {
    private static final Map<String, ProcedureDefinition> ALL = load();

    private Procedures() {
    }

    /**
     * Through the class loader that loaded the plugin, not the thread's context loader: inside JMeter the
     * plugin sits in lib/ext (or on user.classpath), whose loader is the one that sees its services file.
     */
    private static Map<String, ProcedureDefinition> load() {
        Map<String, ProcedureDefinition> all = new LinkedHashMap<>();
        for (ProcedureProvider provider : ServiceLoader.load(ProcedureProvider.class, ProcedureProvider.class.getClassLoader())) {
            for (ProcedureDefinition d : provider.procedures()) {
                if (all.putIfAbsent(d.name(), d) != null) {
                    throw new IllegalStateException("procedure " + d.name() + " is defined twice, again by "
                            + provider.getClass().getName());
                }
            }
        }
        return Collections.unmodifiableMap(all);
    }

    /** The definition, or null for an unknown name (any case). */
    public static ProcedureDefinition byName(String name) {
        return ALL.get(name.strip().toUpperCase(Locale.ROOT));
    }

    public static List<String> names() {
        return new ArrayList<>(ALL.keySet());
    }

    /**
     * The statements field of a plan that shows a procedure's default SQL for a dialect, one
     * {@code name: SQL;} per statement: what the generator writes so the SQL is visible and editable.
     */
    public static String statementsText(String procedure, DatabaseKind kind) {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, String> e : byName(procedure).defaultSql(kind).entrySet()) {
            out.append(e.getKey()).append(": ").append(e.getValue()).append(";\n");
        }
        return out.toString();
    }
}
