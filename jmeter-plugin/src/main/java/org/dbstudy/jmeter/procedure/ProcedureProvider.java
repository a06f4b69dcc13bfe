package org.dbstudy.jmeter.procedure;

import java.util.List;

/**
 * A workload's procedures, found by {@link Procedures} with {@link java.util.ServiceLoader} so that the
 * registry never imports a workload: an implementation has a public constructor without arguments and
 * is listed in the plugin's {@code META-INF/services/org.dbstudy.jmeter.procedure.ProcedureProvider}.
 */
public interface ProcedureProvider {

    /** The definitions, in the order the sampler lists them. */
    List<ProcedureDefinition> procedures();
}
