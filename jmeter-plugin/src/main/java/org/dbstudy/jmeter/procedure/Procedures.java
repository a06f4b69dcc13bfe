package org.dbstudy.jmeter.procedure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.dbstudy.jmeter.chbench.ChProcedures;
import org.dbstudy.jmeter.tpcc.TpccProcedures;
import org.dbstudy.vocabulary.DatabaseKind;

/** The procedures the sampler knows, by name (the {@code procedure} field's value). */
public final class Procedures {
    private static final Map<String, ProcedureDefinition> ALL = new LinkedHashMap<>();
    /** The sampler's statement separator: a semicolon at the end of a line. */

    static {
        for (ProcedureDefinition d : TpccProcedures.all()) {
            ALL.put(d.name(), d);
        }
        for (ProcedureDefinition d : ChProcedures.all()) {
            ALL.put(d.name(), d);
        }
    }

    private Procedures() {
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
