/**
 * JMeter functions of the plugin: {@code ${__dbstudyPick(name:weight,...)}}
 * ({@link org.dbstudy.jmeter.functions.DbstudyPick}), a weighted mix of transactions as the value of a
 * stock Switch Controller, over {@link org.dbstudy.jmeter.functions.WeightedMix}.
 *
 * <p>JMeter finds a function by {@link java.util.ServiceLoader} (the plugin's
 * {@code META-INF/services/org.apache.jmeter.functions.Function}) and by scanning its jars for classes
 * whose name contains {@code .functions.} and not {@code .gui.}: hence this package's name. May depend on
 * JMeter only; no other package of the plugin uses it.
 */
package org.dbstudy.jmeter.functions;
