/**
 * TPC-C's terminals: {@link org.dbstudy.jmeter.tpcc.terminal.TpccTerminal} is one JMeter thread's
 * terminal for {@code TPCC_MIX} and the single-transaction procedures (the mix; its binding to a home
 * warehouse and districts in {@code Terminal}, its inputs in {@code Inputs}, keying and think times in
 * {@code KeyingThink}); one class per transaction ({@code NewOrder}, {@code Payment},
 * {@code OrderStatus}, {@code Delivery}, {@code StockLevel}), each with its default SQL in
 * {@code TpccSql}.
 *
 * <p>May depend on JMeter, JDBC, the plugin's {@code procedure} package and {@code tpcc.load} (the random
 * functions, NURand constants, clock and scale the loaded data was made with); never on {@code tpcc},
 * which uses it.
 */
package org.dbstudy.jmeter.tpcc.terminal;
