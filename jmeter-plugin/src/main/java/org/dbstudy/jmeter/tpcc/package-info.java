/**
 * A TPC-C-like workload (and the CH-benCHmark's extra tables) as procedures of the Transaction
 * Sampler, written from the TPC-C specification: {@code TPCC_LOAD} (schema and streaming parallel
 * loader), {@code TPCC_MIX} and the five single transactions, {@code TPCC_CHECK} (consistency
 * conditions). Not a TPC-C result: keying and think times are off unless asked for, Delivery is not deferred, and the
 * terminals are JMeter threads.
 *
 * <p>Layout, by purpose: this package is the workload as the sampler and the generator see it:
 * {@link org.dbstudy.jmeter.tpcc.TpccProcedures} registers the procedures (listed in the plugin's
 * {@code META-INF/services}, found by the {@code procedure} package's registry) and answers the
 * generator's checks of a study's arguments; {@code TpccCheck} counts violations of the consistency
 * conditions. {@code tpcc.load} creates, loads and restores the database (schema, data, bulk writers,
 * what differs per database family) and holds the rules both halves draw from (random functions,
 * NURand constants, the study clock, the scale); {@code tpcc.terminal} runs the transactions.
 *
 * <p>May depend on the plugin's {@code procedure} package and on {@code tpcc.load} and
 * {@code tpcc.terminal}; nothing in the plugin imports it (the generator does, for argument rules).
 */
package org.dbstudy.jmeter.tpcc;
