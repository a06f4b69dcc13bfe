/**
 * What a remote agent of a distributed cell does differently from a JMeter that runs a cell alone
 * ({@link org.dbstudy.jmeter.agent.AgentRole}): only the agent the runner names runs the setUp and
 * tearDown samples, and every agent holds its users until the common start time the runner chose, so
 * that all agents measure one window and no agent's setUp runs while another measures. Properties only
 * the runner sets ({@code -G}); without them nothing changes.
 *
 * <p>May depend on JMeter (provided at run time) and the JDK; used by {@code org.dbstudy.jmeter}, and
 * uses no other package of the plugin.
 */
package org.dbstudy.jmeter.agent;
