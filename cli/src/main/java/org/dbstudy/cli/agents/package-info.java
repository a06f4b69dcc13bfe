/**
 * A cell on several JMeter agents run as one load: {@link org.dbstudy.cli.agents.StartGate} is the
 * runner's gate every agent's users wait at until all agents are ready and the setUp (on the one agent it
 * names) has ended, and then each agent's heartbeat line: a lost agent is named, and every agent can be
 * stopped (the JMeter properties and words the plugin's {@code org.dbstudy.jmeter.agent} package reads); {@link org.dbstudy.cli.agents.AgentWindows} reads from a
 * cell's results when each agent measured and the window in which all of them did.
 *
 * <p>May use {@code failure}, the vocabulary, the plugin's {@code agent} package (the properties' names) and
 * analysis's {@code Agents} (which agent a thread name names); used by {@code run}.
 */
package org.dbstudy.cli.agents;
