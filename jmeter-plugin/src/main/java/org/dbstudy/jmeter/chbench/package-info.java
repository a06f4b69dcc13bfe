/**
 * The CH-benCHmark's 22 analytical queries over the TPC-C tables plus supplier, nation and region
 * (loaded by {@code TPCC_LOAD} with {@code ch=true}), as procedures of the Transaction Sampler:
 * {@code CH_QUERY} runs one chosen query per sample, labelled with its name; {@code CH_EXPLAIN} captures
 * each chosen query's plan with actual times after a cell. {@link org.dbstudy.jmeter.chbench.ChProcedures}
 * registers them (listed in the plugin's {@code META-INF/services}).
 *
 * <p>May depend on JMeter, JDBC, the plugin's {@code procedure} and {@code dialect} packages and the
 * vocabulary; nothing in the plugin imports it (the generator reads its query names).
 */
package org.dbstudy.jmeter.chbench;
