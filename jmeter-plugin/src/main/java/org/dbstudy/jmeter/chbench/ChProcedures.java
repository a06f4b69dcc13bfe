package org.dbstudy.jmeter.chbench;

import java.util.List;
import org.dbstudy.jmeter.procedure.ProcedureDefinition;
import org.dbstudy.jmeter.procedure.ProcedureProvider;

/** The CH-benCHmark procedures the sampler offers (registered in the plugin's {@code META-INF/services}). */
public final class ChProcedures implements ProcedureProvider {

    @Override
    public List<ProcedureDefinition> procedures() {
        return List.of(
                new ProcedureDefinition("CH_QUERY", "one CH-benCHmark query per sample, drawn from the chosen ones",
                        ChQuery.ARGUMENTS, dialect -> ChQueries.SQL, ChQuery::new),
                new ProcedureDefinition("CH_EXPLAIN", "each chosen CH-benCHmark query's plan with actual times",
                        ChExplain.ARGUMENTS, dialect -> ChQueries.SQL, (a, sql, thread) -> new ChExplain(a, sql)));
    }

    /** The query names, Q1 to Q22. */
    public static List<String> queryNames() {
        return List.copyOf(ChQueries.SQL.keySet());
    }
}
