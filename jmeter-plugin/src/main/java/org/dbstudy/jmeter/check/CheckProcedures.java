package org.dbstudy.jmeter.check;

import java.util.List;
import java.util.Map;
import org.dbstudy.jmeter.procedure.ProcedureDefinition;
import org.dbstudy.jmeter.procedure.ProcedureProvider;

/** The check procedure the sampler offers (registered in the plugin's {@code META-INF/services}). */
public final class CheckProcedures implements ProcedureProvider {

    @Override
    public List<ProcedureDefinition> procedures() {
        return List.of(new ProcedureDefinition(SqlCheck.NAME, "a query whose first value must equal the argument expect",
                SqlCheck.ARGUMENTS, kind -> Map.of(SqlCheck.QUERY, "SELECT 0"),
                (arguments, sql, thread) -> new SqlCheck(arguments, sql)));
    }
}
