/**
 * TPC-C's database: {@code TPCC_LOAD} ({@link org.dbstudy.jmeter.tpcc.load.TpccLoader}) creates the
 * tables ({@code TpccSchema}), generates the initial population ({@code TpccData}, and {@code ChData}
 * for the CH-benCHmark's tables) into a {@code RowWriter} ({@code PgCopyWriter}: COPY FREEZE;
 * {@code LoadDataWriter}: LOAD DATA LOCAL INFILE from a stream; {@code InsertWriter}: multi-row INSERT
 * where LOAD DATA is refused), and {@code ParallelWork} runs the per-table loads and the foreign keys as
 * their tables become ready; {@code TpccRestore} saves the loaded state and puts it back between
 * cells. {@code TpccDialect} holds what differs per database family.
 *
 * <p>Also the rules the terminals draw from, so that run-time inputs match the loaded data:
 * {@link org.dbstudy.jmeter.tpcc.load.TpccRandom} (clause 2.1.5 and 4.3.2),
 * {@link org.dbstudy.jmeter.tpcc.load.NurandConstants}, {@link org.dbstudy.jmeter.tpcc.load.StudyClock}
 * and the scale in {@link org.dbstudy.jmeter.tpcc.load.TpccData}.
 *
 * <p>May depend on JMeter, JDBC (and the MariaDB and MySQL drivers' own statement APIs, asked for only
 * once their classes load), the plugin's {@code procedure} and {@code dialect} packages and the
 * vocabulary; never on {@code tpcc} or {@code tpcc.terminal}, which use it.
 */
package org.dbstudy.jmeter.tpcc.load;
