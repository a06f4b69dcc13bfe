/**
 * Procedures: transactions with control flow (loops, branches, values carried from one statement to
 * the next) that the Transaction Sampler runs in place of its fixed statement list, by name.
 *
 * <p>The sampler keeps everything around a try (connection, session settings, isolation read-back,
 * named lock, commit or rollback, retries, outcome classes); a {@link org.dbstudy.jmeter.procedure.Procedure}
 * only runs the statements of one try through a {@link org.dbstudy.jmeter.procedure.TryContext}. Each
 * procedure's SQL is a set of named statements with a default text per dialect; the sampler's
 * statements field may override any of them ({@code name: SQL;}), so the SQL stays visible and editable
 * in a plan. A procedure runs its statements through {@link org.dbstudy.jmeter.procedure.Statements}: a
 * round trip each, or, where the dialect can, the statements of a {@code Statements.Pipeline} (those that need
 * no answer from each other) in one round trip, in the same order.
 * {@link org.dbstudy.jmeter.procedure.Procedures} is the registry of names: it imports no
 * workload but finds each workload's {@link org.dbstudy.jmeter.procedure.ProcedureProvider} with
 * {@link java.util.ServiceLoader}, listed in the plugin's
 * {@code META-INF/services/org.dbstudy.jmeter.procedure.ProcedureProvider};
 * {@link org.dbstudy.jmeter.procedure.InvalidSettingException} is the one error of a field that
 * cannot work, thrown by the sampler's checks and by a procedure's arguments alike.
 *
 * <p>May depend on JMeter, JDBC and the plugin's dialects (a decimal is bound as the dialect says), never on
 * the sampler (the package root),
 * which uses this package, nor on a workload: the workloads live in their own packages
 * ({@code org.dbstudy.jmeter.tpcc}, {@code org.dbstudy.jmeter.chbench}) and use this one.
 */
package org.dbstudy.jmeter.procedure;
