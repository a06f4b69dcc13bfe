/**
 * The dbstudy transaction sampler for Apache JMeter: several statements as one transaction and one
 * sample, an isolation level per sample (verified), named locks, lock and statement timeouts, retries
 * of serialization failures and deadlocks, and errors classified by SQLState.
 *
 * <p>Layout: {@link org.dbstudy.jmeter.SamplerField} is the one list of the sampler's fields (names,
 * groups, defaults, choices); {@link org.dbstudy.jmeter.TransactionSampler} is the JMeter element: it
 * holds the fields and parses them into {@link org.dbstudy.jmeter.SamplerSettings} (choices as enums)
 * when they change; {@link org.dbstudy.jmeter.SampleExecution} runs a sample for one thread (retry
 * loop, tries, the result); {@link org.dbstudy.jmeter.SessionConnection} is one thread's connection and
 * what has been applied to it (its PostgreSQL socket from {@link org.dbstudy.jmeter.BlockingSocketFactory},
 * which keeps it in blocking mode); {@link org.dbstudy.jmeter.TransactionRun} runs one try around a
 * {@link org.dbstudy.jmeter.TransactionBody} (the statement list, or a procedure); everything that
 * differs between databases sits in a {@link org.dbstudy.jmeter.dialect.Dialect}.
 * With its {@code procedure} field set, the body is a {@link org.dbstudy.jmeter.procedure.Procedure}
 * (transactions with control flow, e.g. TPC-C in {@code org.dbstudy.jmeter.tpcc}) instead of the
 * statement list: {@link org.dbstudy.jmeter.ProcedureCall} checks the procedure fields into a call,
 * and {@link org.dbstudy.jmeter.TransactionRun} is the procedure's
 * {@link org.dbstudy.jmeter.procedure.TryContext}. {@link org.dbstudy.jmeter.RandomValues} are the
 * whole numbers a thread draws once per sample ({@code randomValues}: uniform, NURand or Zipf), bound where parameters say
 * {@code :name}. {@link org.dbstudy.jmeter.IntendedStart} is a thread's schedule: each sample's intended
 * start (previous end plus the designed pause, {@code pauseMs}) in the variable JMeter saves beside it.
 *
 * <p>May depend on JMeter (provided at run time), JDBC and the dbstudy vocabulary (outcome classes
 * and their classifier, isolation levels, database kinds, label rules), whose classes it ships inside
 * its own jar; never on the other dbstudy modules. Inside the plugin this package uses
 * {@code dialect}, {@code procedure} (whose {@code InvalidSettingException} every field check
 * throws), {@code random} (the distributions of its random values) and {@code agent} (a distributed
 * cell's one setUp and common start), and no package uses it back.
 */
package org.dbstudy.jmeter;
