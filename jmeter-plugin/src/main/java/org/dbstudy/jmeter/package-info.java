/**
 * The dbstudy transaction sampler for Apache JMeter: several statements as one transaction and one
 * sample, an isolation level per sample (verified), named locks, lock and statement timeouts, retries
 * of serialization failures and deadlocks, and errors classified by SQLState.
 *
 * <p>Layout: {@link org.dbstudy.jmeter.TransactionSampler} is the TestBean (with its BeanInfo and
 * Resources) and only reads and checks its properties; {@link org.dbstudy.jmeter.SamplerSettings} is the
 * checked configuration of one sample; {@link org.dbstudy.jmeter.SessionConnection} is one JMeter
 * thread's connection and what has been applied to it; {@link org.dbstudy.jmeter.TransactionRun} runs one
 * try; everything that differs between databases sits in a {@link org.dbstudy.jmeter.dialect.Dialect}.
 * With its {@code procedure} field set, a try runs a {@link org.dbstudy.jmeter.procedure.Procedure}
 * (transactions with control flow, e.g. TPC-C in {@code org.dbstudy.jmeter.tpcc}) instead of the
 * statement list; {@link org.dbstudy.jmeter.TransactionRun} is the procedure's
 * {@link org.dbstudy.jmeter.procedure.TryContext}.
 *
 * <p>May depend on JMeter (provided at run time) and JDBC; never on the other dbstudy modules.
 */
package org.dbstudy.jmeter;
