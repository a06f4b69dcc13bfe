/**
 * A TPC-C-like workload (and the CH-benCHmark's extra tables) as procedures of the Transaction
 * Sampler, written from the TPC-C specification: {@code TPCC_LOAD} (schema and streaming parallel
 * loader), {@code TPCC_MIX} and the five single transactions, {@code TPCC_CHECK} (consistency
 * conditions). Not a TPC-C result: keying and think times are off unless asked for, Delivery is not deferred, and the
 * terminals are JMeter threads.
 *
 * <p>Layout: {@link org.dbstudy.jmeter.tpcc.TpccProcedures} registers the procedures (listed in the
 * plugin's {@code META-INF/services}, found by the {@code procedure} package's registry); {@code TpccSchema}
 * and {@code TpccDialect} hold the tables and what differs per database family; {@code TpccData} and
 * {@code ChData} generate rows into a {@code RowWriter} ({@code PgCopyWriter}: COPY FREEZE;
 * {@code LoadDataWriter}: LOAD DATA LOCAL INFILE from a stream; {@code InsertWriter}: multi-row INSERT
 * where LOAD DATA is refused), and {@code ParallelWork} runs the per-table loads and the foreign keys as
 * their tables become ready; one class per
 * transaction, with its default SQL in {@code TpccSql}; {@code TpccTerminal} is one JMeter thread's
 * terminal (binding, random source, mix).
 */
package org.dbstudy.jmeter.tpcc;
